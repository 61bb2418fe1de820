/// What went wrong talking to a Wishlist server: the server's own error (status, code and its
/// sentence), or no usable answer at all.
public enum WishlistClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server answered with an error, e.g. 404 `not_found`.
    case server(status: Int, code: String, message: String)
    /// The server could not be reached or its answer was not what the API promises.
    case transport(String)

    public var status: Int? {
        if case .server(let status, _, _) = self { status } else { nil }
    }

    public var code: String? {
        if case .server(_, let code, _) = self { code } else { nil }
    }

    public var description: String {
        switch self {
        case .server(_, _, let message): message
        case .transport(let message): message
        }
    }
}
