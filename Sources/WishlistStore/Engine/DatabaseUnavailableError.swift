import WishlistCore

/// The database server cannot be reached: it is down, restarting, or the connection to it broke.
/// Nothing of the request is known to have been kept (a write in flight when the connection broke
/// may or may not have been); the server recovers by itself once the database is back, so the same
/// request may be sent again later. Only PostgreSQL has a server to lose: SQLite is a file.
public struct DatabaseUnavailableError: DomainError, Equatable {
    public init() {}

    public var kind: DomainErrorKind { .unavailable }
    public var code: String { "database_unavailable" }
    public var message: String { "The database cannot be reached just now. Try again in a moment." }
    public var retryAfterSeconds: Int? { 5 }
}
