/// `wishlist gifs search QUERY [--offset N]`.
struct GifsSearchCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "search", abstract: "Search GIFs on Giphy, 24 at a time.",
            arguments: [queryArgument, Output.gifOffsetOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    static let queryArgument = Positional("QUERY", help: "Words to search GIFs for, at most 50 characters.")

    let remote: RemoteServer
    let output: Output
    let offset: Int
    let query: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        offset = try arguments.option(Output.gifOffsetOption) ?? 0
        query = try arguments.positional(Self.queryArgument)
    }

    func run() async throws {
        try await output.printGifs(try remote.client()) { try await $0.searchGifs(query, offset: offset) }
    }
}
