import WishlistCore

/// What administering accounts refuses, so that a server always keeps someone able to administer it.
public enum AccountAdministrationError: DomainError, Equatable {
    /// Disabling the only enabled administrator.
    case lastAdmin
    /// An administrator disabling or resetting their own account over the API (their own password
    /// is changed with `PUT /api/v1/me/password`).
    case ownAccount

    public var kind: DomainErrorKind { .conflict }

    public var code: String {
        switch self {
        case .lastAdmin: "last_admin"
        case .ownAccount: "own_account"
        }
    }

    public var message: String {
        switch self {
        case .lastAdmin: "This is the only administrator who can sign in: make another administrator first."
        case .ownAccount: "An administrator cannot do this to their own account."
        }
    }
}
