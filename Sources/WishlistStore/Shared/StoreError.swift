import WishlistCore

/// What the store refuses, in terms the server turns into HTTP statuses and the CLI into sentences.
public enum StoreError: DomainError, Equatable {
    /// No such record for this account (another account's record is "not found" too); says
    /// what was looked for, e.g. "account named 'alice'".
    case notFound(String)
    /// A unique value is taken, e.g. a username.
    case conflict(String)
    /// First-run setup asked for when an account already exists.
    case alreadySetUp
    /// A column holds a value the store never writes: the file was changed by hand or damaged.
    case corruptValue(String)

    public var kind: DomainErrorKind {
        switch self {
        case .notFound: .notFound
        case .conflict, .alreadySetUp: .conflict
        case .corruptValue: .internalFault
        }
    }

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .conflict: "conflict"
        case .alreadySetUp: "already_set_up"
        case .corruptValue: "internal_error"
        }
    }

    public var message: String {
        switch self {
        case .notFound(let what): "There is no \(what)."
        case .conflict(let message): message
        case .alreadySetUp: "This server is already set up. Sign in instead."
        case .corruptValue: "The database holds a value it should not. See the server log."
        }
    }
}
