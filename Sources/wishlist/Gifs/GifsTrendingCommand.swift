/// `wishlist gifs trending [--offset N]`.
struct GifsTrendingCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "trending", abstract: "What is trending on Giphy, 24 at a time.",
            arguments: [Output.gifOffsetOption, Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output
    let offset: Int

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        offset = try arguments.option(Output.gifOffsetOption) ?? 0
    }

    func run() async throws {
        try await output.printGifs(try remote.client()) { try await $0.trendingGifs(offset: offset) }
    }
}
