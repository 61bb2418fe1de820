import WishlistClient

/// `wishlist share revoke ID`: ends a share; its link stops working at once.
struct ShareRevokeCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "revoke", abstract: "End a share: its link stops working at once.",
            arguments: [ShareID.argument, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let id: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        id = try arguments.positional(ShareID.argument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await ShareID.resolve(id, client)
        try await client.revokeShare(id)
        print("Revoked \(id.uuidString.lowercased()): its link no longer works.")
    }
}
