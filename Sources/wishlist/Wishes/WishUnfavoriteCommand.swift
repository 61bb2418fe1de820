/// `wishlist wish unfav ID`.
struct WishUnfavoriteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "unfav", abstract: "Unstar a wish.", arguments: RecordRequest.arguments(WishID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: WishID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.setFavorite($1, false) }, describe: Output.line)
    }
}
