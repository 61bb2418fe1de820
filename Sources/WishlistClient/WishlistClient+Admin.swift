import Foundation
import WishlistCore

/// The administrators' API: to any other account these routes answer 404.
extension WishlistClient {
    /// Every account on the server.
    public func adminAccounts() async throws -> [AccountSummary] {
        try await request(APIRoute.Admin.accounts, as: ItemList<AccountSummary>.self).items
    }

    /// Adds an account with a temporary password (in the answer, this once) the person must change
    /// once signed in with it.
    public func addAccount(_ account: NewAccount) async throws -> TemporaryPassword {
        try await request(APIRoute.Admin.addAccount, json: account)
    }

    /// Disables an account: its sessions and API tokens stop working at once.
    @discardableResult
    public func disableAccount(_ username: String) async throws -> AccountSummary {
        try await request(APIRoute.Admin.disable, ["username": username])
    }

    /// Lets a disabled account sign in again.
    @discardableResult
    public func enableAccount(_ username: String) async throws -> AccountSummary {
        try await request(APIRoute.Admin.enable, ["username": username])
    }

    /// Gives an account a temporary password (in the answer, this once) it must change once signed in.
    public func resetPassword(of username: String) async throws -> TemporaryPassword {
        try await request(APIRoute.Admin.resetPassword, ["username": username])
    }
}
