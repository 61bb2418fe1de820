/// Why an outbound request brought no answer.
public enum OutboundError: Error, Sendable, Equatable {
    /// Not an absolute http or https URL (also a redirect to another scheme).
    case unsupportedURL(String)
    /// The address connected to (or about to be) is not a public one; the reason names its range.
    case forbiddenAddress(host: String, reason: String)
    /// The whole request took longer than the configured timeout.
    case timedOut(seconds: Double)
    /// The body was larger than the configured limit; reading stopped there.
    case tooLarge(limitBytes: Int)
    case tooManyRedirects
    /// DNS, TCP or TLS failed; libcurl's words.
    case connectionFailed(String)
    /// The per-host queue was too long to wait in.
    case throttled
    /// Given up through its `OutboundCancellation`.
    case cancelled
    /// libcurl, loaded at the first transfer, could not be: the loader's reason.
    case libraryUnavailable(String)
}

extension OutboundError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unsupportedURL(let url): "not an http or https URL: \(url)"
        case .forbiddenAddress(let host, let reason): "\(host) is a \(reason), which outbound requests may not reach"
        case .timedOut(let seconds): "no complete answer within \(seconds.formatted()) s"
        case .tooLarge(let limit): "the answer is larger than \(limit / 1_048_576) MB"
        case .tooManyRedirects: "too many redirects"
        case .connectionFailed(let reason): "could not connect: \(reason)"
        case .throttled: "too many requests to this host at once"
        case .cancelled: "cancelled before an answer came"
        case .libraryUnavailable(let reason): reason
        }
    }
}
