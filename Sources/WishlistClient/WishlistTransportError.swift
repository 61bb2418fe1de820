/// A failure a `WishlistTransport` reports in words the client acts on.
public enum WishlistTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection broke after the request may have reached the server, so its answer was lost:
    /// reset, closed early, or an answer cut short. The reason in the transport's words.
    case connectionLost(String)
    /// The server could not be reached (not found, refused, timed out): the request was not
    /// answered. The reason in the transport's words.
    case unreachable(String)
    /// A file of this side could not be used: the body to send could not be read, or the file to
    /// save an answer in could not be written. Nothing is wrong with the server.
    case localFile(path: String, reason: String)

    /// The reason, in words a person reads.
    public var description: String {
        switch self {
        case .connectionLost(let reason): "the connection was lost: \(reason)"
        case .unreachable(let reason): reason
        case .localFile(let path, let reason): "\(path): \(reason)"
        }
    }
}
