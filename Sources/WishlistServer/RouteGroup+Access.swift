import HTTPServer
import WishlistStore

/// The two kinds of route the server has. Every route is declared in one of them (a test walks
/// the router to check), so a new endpoint cannot forget to ask who is calling.
extension RouteGroup where Context == Account {
    static let signedInName = "signed-in"

    /// Routes of the signed-in account: 401 without a valid session or token, 403 for a
    /// cookie-authenticated write without proof it came from our pages; only then the handler.
    static func signedIn(_ authenticator: Authenticator) -> RouteGroup<Account> {
        RouteGroup(signedInName) { request in try authenticator.account(for: request) }
    }
}

extension RouteGroup where Context == Void {
    static let anyoneName = "anyone"

    /// Routes anyone may call, signed in or not: health, sign-in, setup, the web app's files.
    static var anyone: RouteGroup<Void> { RouteGroup(anyoneName) { _ in } }
}
