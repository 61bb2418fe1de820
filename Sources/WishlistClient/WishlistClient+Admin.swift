import Foundation
import WishlistCore

/// The administrators' API: to any other account these routes answer 404.
extension WishlistClient {
    /// Every account on the server.
    public func adminAccounts() async throws -> [AccountSummary] {
        try await request("GET", "/api/v1/admin/accounts", as: ItemList<AccountSummary>.self).items
    }

    /// Adds an account with a temporary password (in the answer, this once) the person must change
    /// once signed in with it.
    public func addAccount(_ account: NewAccount) async throws -> TemporaryPassword {
        try await request("POST", "/api/v1/admin/accounts", json: account)
    }

    /// Disables an account: its sessions and API tokens stop working at once.
    @discardableResult
    public func disableAccount(_ username: String) async throws -> AccountSummary {
        try await request("POST", Self.adminPath(username, "disable"))
    }

    /// Lets a disabled account sign in again.
    @discardableResult
    public func enableAccount(_ username: String) async throws -> AccountSummary {
        try await request("POST", Self.adminPath(username, "enable"))
    }

    /// Gives an account a temporary password (in the answer, this once) it must change once signed in.
    public func resetPassword(of username: String) async throws -> TemporaryPassword {
        try await request("POST", Self.adminPath(username, "reset-password"))
    }

    private static func adminPath(_ username: String, _ action: String) -> String {
        let escaped = username.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? username
        return "/api/v1/admin/accounts/\(escaped)/\(action)"
    }
}
