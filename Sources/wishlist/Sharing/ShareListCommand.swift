import WishlistClient

/// `wishlist share list`: the account's shared links, newest first.
struct ShareListCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "list", abstract: "List your shared links with how often each was opened.",
            arguments: [Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
    }

    func run() async throws {
        try await output.printList(try remote.client(), { try await $0.shares() }, describe: ShareText.table)
    }
}
