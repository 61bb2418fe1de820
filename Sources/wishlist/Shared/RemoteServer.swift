import Foundation
import WishlistClient
import WishlistCurl

/// The server a client command talks to and how it signs in: `--server`/`$WISHLIST_SERVER` and
/// `$WISHLIST_TOKEN` when given, else what `wishlist login` saved. Read while parsing (a malformed
/// address is a usage error), resolved when the command runs, so a wrong command line is reported
/// before a missing login.
struct RemoteServer {
    static let serverOption = Option(
        "--server", "URL", help: "The server (default: $WISHLIST_SERVER or the one you logged in to).", format: .serverAddress)

    let explicitServer: URL?

    init(_ arguments: inout Arguments, option: Option<URL> = serverOption) throws {
        explicitServer = try Environment.option(option, orVariable: "WISHLIST_SERVER", in: &arguments)
    }

    func client() throws -> WishlistClient {
        let saved = try SavedLogin.load()
        guard let server = try explicitServer ?? saved.map({ try Self.url($0.server) }) else {
            throw CommandFailure("Not logged in: run 'wishlist login --server URL' first.")
        }
        let savedToken = saved.flatMap { Self.address($0.server) == server ? $0.token : nil }
        guard let token = Environment.value("WISHLIST_TOKEN") ?? savedToken else {
            throw CommandFailure("No token for \(server.absoluteString): run 'wishlist login --server \(server.absoluteString)' first.")
        }
        return WishlistClient(baseURL: server, token: token)
    }

    /// The address `wishlist login` saved; one that is not an address means the file was edited.
    static func url(_ text: String) throws -> URL {
        guard let url = address(text) else {
            throw CommandFailure("\(SavedLogin.fileURL.path) holds '\(text)', not a server address; run 'wishlist login' again.")
        }
        return url
    }

    /// `text` as a server's address: `http(s)://HOST[:PORT][/PATH]`, or `HOST[:PORT]` read as
    /// `http://HOST[:PORT]`, without a trailing slash; nil when it is no such thing.
    static func address(_ text: String) -> URL? {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return nil }
        let spelled = text.contains("://") ? text : "http://" + text
        guard var components = URLComponents(string: spelled), ["http", "https"].contains(components.scheme?.lowercased()),
            let host = components.host, !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || "-.:".contains($0) }),
            components.user == nil, components.query == nil, components.fragment == nil
        else { return nil }
        components.scheme = components.scheme?.lowercased()
        while components.path.hasSuffix("/") { components.path.removeLast() }
        return components.url
    }
}

extension ValueFormat where Value == URL {
    /// A Wishlist server's address; `host:port` alone means http.
    static var serverAddress: ValueFormat {
        ValueFormat(expected: "a server address like http://127.0.0.1:8080 (http or https)") { RemoteServer.address($0) }
    }
}
