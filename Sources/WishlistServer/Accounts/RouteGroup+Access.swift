import HTTPServer
import WishlistStore

/// The kinds of route the server has. Every route is declared in one of them (a test walks the
/// router to check), so a new endpoint cannot forget to ask who is calling.
extension RouteGroup where Context == Account {
    static let signedInName = "signed-in"
    static let adminName = "admin"

    /// Routes of the signed-in account: 401 without a valid session or token, 403 for a
    /// cookie-authenticated write without proof it came from our pages, 403 `password_change_required`
    /// while the account has a temporary password (unless `evenWithTemporaryPassword`, for reading
    /// the account and changing the password); only then the handler.
    ///
    /// The account known from memory (`Authenticator.knownAccount`) lets a route's kept answer be
    /// given on the event thread; one with a temporary password is always sent to the database. On
    /// PostgreSQL a remembered account is confirmed with the handler's first statement
    /// (`Authenticator.withAccount`).
    static func signedIn(_ authenticator: Authenticator, evenWithTemporaryPassword: Bool = false) -> RouteGroup<Account> {
        RouteGroup(
            signedInName,
            known: { request in
                authenticator.knownAccount(for: request).flatMap {
                    evenWithTemporaryPassword || !$0.user.mustChangePassword ? $0 : nil
                }
            }
        ) { request, handler in
            try authenticator.withAccount(for: request, active: !evenWithTemporaryPassword, handler)
        }
    }

    /// Routes for administrators: what `signedIn` refuses, and to any other account a 404 exactly
    /// like a path that does not exist (the isolation rule: "not found", never "forbidden").
    static func admin(_ authenticator: Authenticator) -> RouteGroup<Account> {
        RouteGroup(adminName) { request in
            let account = try authenticator.activeAccount(for: request)
            guard account.user.isAdmin else { throw APIError.noSuchRoute }
            return account
        }
    }
}

extension RouteGroup where Context == Void {
    static let anyoneName = "anyone"

    /// Routes anyone may call, signed in or not: health, sign-in, setup, the web app's files.
    static var anyone: RouteGroup<Void> { RouteGroup(anyoneName) { _ in } }
}
