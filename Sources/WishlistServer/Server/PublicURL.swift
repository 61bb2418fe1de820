import Foundation

/// The address people reach the server at (`--public-url`), e.g. behind a reverse proxy that
/// ends TLS: only a scheme, a host and a port, so that links made from it are this server's root.
public struct PublicURL: Sendable, Equatable, CustomStringConvertible {
    /// `https://wishes.example.org` or `http://host:8080`, without a trailing slash.
    public let origin: String
    public let isHTTPS: Bool

    /// - Throws: `PublicURLError` naming what is wrong with `text`.
    public init(_ text: String) throws(PublicURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else { throw PublicURLError("must start with https:// (or http://)") }
        guard let host = components.host, !host.isEmpty else { throw PublicURLError("has no host name") }
        guard components.user == nil, components.password == nil else {
            throw PublicURLError("must not carry a user name or password")
        }
        guard components.path.isEmpty || components.path == "/" else {
            throw PublicURLError("must be the server's root, without a path like \(components.path)")
        }
        guard components.query == nil, components.fragment == nil else {
            throw PublicURLError("must not have a query (?…) or fragment (#…)")
        }
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host.lowercased()
        origin = "\(scheme)://\(hostText)" + (components.port.map { ":\($0)" } ?? "")
        isHTTPS = scheme == "https"
    }

    public var description: String { origin }
}

/// Why a `--public-url` value was refused.
public struct PublicURLError: Error, CustomStringConvertible {
    public let problem: String

    init(_ problem: String) { self.problem = problem }

    public var description: String { "The public url \(problem), like https://wishes.example.org." }
}
