import WishlistCore

/// Why the store refused a wish operation, beyond broken input rules (those are `ValidationError`).
///
/// Each case has the API's error `code` and a sentence; the server answers 404, 412 and 400.
public enum WishRepositoryError: DomainError, Equatable {
    /// No such record for this account — also when it belongs to another account.
    case notFound
    /// The client edited an older version; `current` is the version now stored.
    case staleVersion(current: Int)
    /// The cursor was not handed out by this list, for this account, with these filters.
    case invalidCursor

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .staleVersion: "stale_version"
        case .invalidCursor: "invalid_cursor"
        }
    }

    public var kind: DomainErrorKind {
        switch self {
        case .notFound: .notFound
        case .staleVersion: .staleVersion
        case .invalidCursor: .invalidInput
        }
    }

    public var message: String {
        switch self {
        case .notFound:
            NotFoundError("wish").message
        case .staleVersion(let current):
            "The wish was changed elsewhere (it is now version \(current)); reload it and try again."
        case .invalidCursor:
            "The page cursor is not valid for this list; start again from the first page."
        }
    }
}
