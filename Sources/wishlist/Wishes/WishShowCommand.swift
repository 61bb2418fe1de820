/// `wishlist wish show ID`.
struct WishShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show everything on one wish.", arguments: RecordRequest.arguments(WishID.argument))
    }

    let request: RecordRequest

    init(parsing arguments: inout Arguments) throws {
        request = try RecordRequest(&arguments, id: WishID.argument)
    }

    func run() async throws {
        try await request.send({ try await $0.wish($1) }, describe: Output.details)
    }
}
