/// The server could not get to the data in time: so many writes were waiting for the database's
/// one writer that this one gave up. Nothing of the request was kept; the same request may be
/// sent again after `retryAfterSeconds`.
public struct ServerBusyError: DomainError, Equatable {
    /// The one busy error: it says the same whatever waited.
    public init() {}

    public var kind: DomainErrorKind { .unavailable }
    public var code: String { "server_busy" }
    public var message: String { "The server is too busy to do this now, so nothing was changed. Try again in a moment." }
    public var retryAfterSeconds: Int? { 2 }
}
