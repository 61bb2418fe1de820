import Foundation
import WishlistClient

/// The server a client command talks to and how it signs in: `--server`/`$WISHLIST_SERVER` and
/// `$WISHLIST_TOKEN` when given, else what `wishlist login` saved. Read while parsing, resolved
/// when the command runs, so a wrong command line is reported before a missing login.
struct RemoteServer {
    static let serverOption = Option(
        "--server", "URL", help: "The server (default: $WISHLIST_SERVER or the one you logged in to).")

    let explicitServer: String?

    init(_ arguments: inout Arguments, option: Option<String> = serverOption) throws {
        explicitServer = try arguments.option(option) ?? Environment.value("WISHLIST_SERVER")
    }

    func client() throws -> WishlistClient {
        let saved = try SavedLogin.load()
        guard let server = explicitServer ?? saved?.server else {
            throw CommandFailure("Not logged in: run 'wishlist login --server URL' first.")
        }
        let token = Environment.value("WISHLIST_TOKEN") ?? (saved?.server == server ? saved?.token : nil)
        guard let token else {
            throw CommandFailure("No token for \(server): run 'wishlist login --server \(server)' first.")
        }
        return WishlistClient(baseURL: try Self.url(server), token: token)
    }

    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { throw CommandFailure("'\(text)' is not a server address like http://127.0.0.1:8080.") }
        return url
    }
}
