import HTTPServer
import WishlistCore
import WishlistStore

/// The administrators' API (issue 15): list the accounts, add one, disable or enable one, and
/// reset a password; a new account's password and a reset one are temporary, shown once. To any account but an administrator's these routes do
/// not exist (404). An administrator cannot disable or reset their own account, and the last
/// administrator who can sign in cannot be disabled.
struct AdminController: Sendable {
    let administration: AccountAdministration
    let authenticator: Authenticator

    func register(in router: inout Router) {
        router.group(.admin(authenticator)) { routes in
            routes.add(APIRoute.Admin.accounts, listAccounts)
            routes.add(APIRoute.Admin.addAccount, addAccount)
            routes.add(APIRoute.Admin.disable, disable)
            routes.add(APIRoute.Admin.enable, enable)
            routes.add(APIRoute.Admin.resetPassword, resetPassword)
        }
    }

    func listAccounts(_ request: Request, _ admin: Account) throws -> Response {
        .api(ItemList(try administration.summaries()))
    }

    /// A new account with a temporary password, answered once; the person must change it after
    /// signing in with it. A taken username is 409 `conflict`; a bad one 400 naming `username`.
    func addAccount(_ request: Request, _ admin: Account) throws -> Response {
        .api(try administration.addAccountWithTemporaryPassword(try request.apiBody(NewAccount.self)), status: .created)
    }

    /// Disables the account: its sessions and API tokens end now, and it cannot sign in.
    func disable(_ request: Request, _ admin: Account) throws -> Response {
        .api(try administration.setDisabled(true, username: try otherAccount(request, admin)))
    }

    /// Lets the account sign in again; the sessions and tokens disabling ended stay ended.
    func enable(_ request: Request, _ admin: Account) throws -> Response {
        .api(try administration.setDisabled(false, username: try username(request)))
    }

    /// A new temporary password, answered once; the person must change it after signing in with it.
    func resetPassword(_ request: Request, _ admin: Account) throws -> Response {
        .api(try administration.resetPassword(username: try otherAccount(request, admin)))
    }

    private func username(_ request: Request) throws -> String {
        guard let username = request.parameters["username"]?.lowercased() else { throw NotFoundError("account") }
        return username
    }

    /// The `{username}` of the path, which must not be the administrator's own.
    private func otherAccount(_ request: Request, _ admin: Account) throws -> String {
        let username = try username(request)
        guard username != admin.user.username else { throw AccountAdministrationError.ownAccount }
        return username
    }
}
