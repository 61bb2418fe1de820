import WishlistClient

/// `wishlist whoami [--json]`: the account the saved login (or $WISHLIST_TOKEN) acts as.
struct WhoamiCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "whoami", abstract: "Show the account you are logged in as.",
            arguments: [Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
    }

    func run() async throws {
        let client = try remote.client()
        try await output.print(client, { try await $0.me() }) { user in
            "\(user.username)\(user.isAdmin ? " (admin)" : "") on \(client.baseURL.absoluteString)"
        }
    }
}
