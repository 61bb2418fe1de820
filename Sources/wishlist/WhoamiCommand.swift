import WishlistClient

/// `wishlist whoami`: the account the saved login (or $WISHLIST_TOKEN) acts as.
struct WhoamiCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "whoami", abstract: "Show the account you are logged in as.", arguments: [RemoteServer.serverOption])
    }

    let remote: RemoteServer

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
    }

    func run() async throws {
        let client = try remote.client()
        let user = try await client.me()
        print("\(user.username)\(user.isAdmin ? " (admin)" : "") on \(client.baseURL.absoluteString)")
    }
}
