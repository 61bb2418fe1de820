import WishlistClient

/// `wishlist share rotate ID`: a new link for a share; the old one stops working at once.
struct ShareRotateCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rotate", abstract: "Give a share a new link; the old one stops working at once.",
            arguments: [ShareID.argument, Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output
    let id: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(ShareID.argument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await ShareID.resolve(id, client)
        try await output.print(client, { try await $0.rotateShare(id) }, describe: ShareText.details)
    }
}
