/// Why Giphy gave no answer, in terms a caller can act on.
public enum GiphyError: Error, Sendable, Equatable {
    /// A search query longer than Giphy takes (it answers 414); refused before sending.
    case queryTooLong(maximum: Int)
    /// A blank search query.
    case emptyQuery
    /// An offset below zero or past the last one Giphy pages to for this kind of list.
    case offsetOutOfRange(maximum: Int)
    /// Not the shape of a Giphy id; refused before it goes into a URL.
    case invalidID(String)
    /// Giphy has no GIF with this id (404, or no such id in a lookup).
    case notFound(id: String)
    /// The configuration cannot work: a base URL that is not http(s), an unknown rating, no key.
    case invalidConfiguration(String)
    /// Giphy refused the API key: wrong, revoked or not allowed here (401, 403).
    case keyRejected(status: Int)
    /// Giphy is rate-limiting the key: no call is made for `retryAfterSeconds` (its `Retry-After`,
    /// or the configured pause when it said none).
    case rateLimited(retryAfterSeconds: Int)
    /// Anything else: a timeout, a connection failure, a 400 or 5xx, an answer that is not Giphy's
    /// JSON, or a 200 with neither results nor a response id; the reason in words.
    case upstreamFailed(String)
}

extension GiphyError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .queryTooLong(let maximum): "the query is longer than \(maximum) characters"
        case .emptyQuery: "the query is empty"
        case .offsetOutOfRange(let maximum): "the offset is not between 0 and \(maximum)"
        case .invalidID(let id): "'\(id)' is not a Giphy id"
        case .notFound(let id): "Giphy has no GIF with id \(id)"
        case .invalidConfiguration(let reason): reason
        case .keyRejected(let status): "Giphy refused the API key (HTTP \(status))"
        case .rateLimited(let seconds): "Giphy is rate-limiting the API key for \(seconds) s"
        case .upstreamFailed(let reason): "Giphy failed: \(reason)"
        }
    }
}
