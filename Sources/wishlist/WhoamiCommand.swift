import WishlistClient

/// `wishlist whoami`: the account the saved login (or $WISHLIST_TOKEN) acts as.
struct WhoamiCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "whoami", abstract: "Show the account you are logged in as.", usage: "[--server URL]",
            options: [RemoteServer.serverOptionHelp])
    }

    let client: WishlistClient

    init(parsing arguments: inout Arguments) throws {
        client = try RemoteServer.client(&arguments)
    }

    func run() async throws {
        let user = try await client.me()
        print("\(user.username)\(user.isAdmin ? " (admin)" : "") on \(client.baseURL.absoluteString)")
    }
}
