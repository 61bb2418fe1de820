/// What went wrong talking to a Wishlist server: the server's own error (status, code and its
/// sentence), or no usable answer at all.
public enum WishlistClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server answered with an error, e.g. 404 `not_found`.
    case server(status: Int, code: String, message: String)
    /// The server could not be reached or its answer was not what the API promises.
    case transport(String)

    /// The HTTP status of a server error; nil when the server was not reached.
    public var status: Int? {
        if case .server(let status, _, _) = self { status } else { nil }
    }

    /// The API's error code of a server error, e.g. `not_found` or `stale_version`.
    public var code: String? {
        if case .server(_, let code, _) = self { code } else { nil }
    }

    /// The server's sentence, or what kept the request from it.
    public var description: String {
        switch self {
        case .server(_, _, let message): message
        case .transport(let message): message
        }
    }
}
