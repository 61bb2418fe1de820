/// An error of the product's rules or records, raised by any module below the server (Core, the
/// store, the photo library, later links, journal, GIFs and spots) and turned into a JSON error by
/// the server without it knowing the concrete type: a new feature adds its errors by conforming
/// to this protocol, never by editing a central switch.
///
/// The CLI prints `message`; the server answers `{"error": {"code", "message", "field"}}` with the
/// status of `kind`.
public protocol DomainError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the terms the server maps to an HTTP status.
    var kind: DomainErrorKind { get }
    /// A stable snake_case code clients may branch on, e.g. `stale_version`.
    var code: String { get }
    /// One plain sentence that says what is wrong and, where it can, what to do.
    var message: String { get }
    /// The input field at fault, for errors about one field.
    var field: String? { get }
    /// For `rateLimited`: how many seconds to wait before trying again.
    var retryAfterSeconds: Int? { get }
}

extension DomainError {
    public var field: String? { nil }
    public var retryAfterSeconds: Int? { nil }
    public var description: String { message }
}

/// The kinds of refusal the product knows, each answered with one HTTP status.
public enum DomainErrorKind: Sendable, Equatable {
    /// Input that breaks a rule (400).
    case invalidInput
    /// Not allowed for anyone, whoever asks (403), e.g. a private address to fetch.
    case forbidden
    /// No such record for this account (404); another account's record is "not found" too.
    case notFound
    /// The record's state forbids it, or a limit is reached (409).
    case conflict
    /// The client changed an older version of the record (412).
    case staleVersion
    /// Too large: a file, an image's pixels (413).
    case tooLarge
    /// A kind of content the product does not take (415).
    case unsupportedType
    /// Content of the right kind that cannot be read (422).
    case unprocessable
    /// Too many requests; see `retryAfterSeconds` (429).
    case rateLimited
    /// A service the product calls failed (502).
    case upstreamFailed
    /// A feature that is switched off or not set up (503).
    case unavailable
    /// The disk is full (507).
    case storageFull
    /// A fault of the server or its data, not of the request (500); logged, details withheld.
    case internalFault
}

/// "There is no <what> with this id." — what every lookup by id answers when the account has no
/// such record, naming the kind of record that was looked for.
public struct NotFoundError: DomainError, Equatable {
    /// The kind of record, as a person would say it: "wish", "photo", "recent search".
    public let what: String

    /// The error for a missing record; `what` names it in the message, e.g. "wish".
    public init(_ what: String) {
        self.what = what
    }

    public var kind: DomainErrorKind { .notFound }
    public var code: String { "not_found" }
    public var message: String { "There is no \(what) with this id." }
}
