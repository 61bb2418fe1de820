import WishlistCore

/// The photo store (an S3 bucket) cannot be used just now: unreachable, failing, or refusing this
/// server's keys. Nothing of the request was kept; the same request may be sent again later. The
/// store's own words are in `description`, for the log, not in the message a person sees.
public struct MediaUnavailableError: DomainError {
    /// What the store said, or why it could not be reached.
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var kind: DomainErrorKind { .unavailable }
    public var code: String { "media_unavailable" }
    public var message: String { "The photo store cannot be reached just now, so nothing was saved. Try again in a moment." }
    public var retryAfterSeconds: Int? { 5 }
    public var description: String { "\(message) (\(reason))" }
}
