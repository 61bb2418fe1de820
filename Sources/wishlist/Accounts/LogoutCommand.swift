import WishlistClient
import WishlistCurl

/// `wishlist logout`: revokes the saved token on the server and forgets it.
struct LogoutCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "logout", abstract: "Revoke the saved API token and forget it.")
    }

    init(parsing arguments: inout Arguments) throws {}

    func run() async throws {
        guard let saved = try SavedLogin.load() else {
            print("Not logged in.")
            return
        }
        let client = WishlistClient(baseURL: try RemoteServer.url(saved.server), token: saved.token)
        do {
            try await client.revokeToken(saved.tokenID)
        } catch let error as WishlistClientError where error.status == 401 || error.status == 404 {
            // Already revoked or the account is gone: forgetting it locally is all that is left.
        }
        try SavedLogin.remove()
        print("Logged out of \(saved.server).")
    }
}
