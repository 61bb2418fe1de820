/// `wishlist wish fav ID`.
struct WishFavoriteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "fav", abstract: "Star a wish.", arguments: RecordRequest.arguments(WishID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: WishID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.setFavorite($1, true) }, describe: Output.line)
    }
}
