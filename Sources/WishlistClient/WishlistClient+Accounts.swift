import Foundation
import WishlistCore

extension WishlistClient {
    private struct SetupStatus: Decodable { let setupRequired: Bool }
    private struct SignedIn: Decodable { let user: User }
    private struct TokenRequest: Encodable { let name: String }
    private struct Health: Decodable { let status: String }
    private struct PasswordChange: Encodable {
        let currentPassword: String
        let newPassword: String
    }

    /// Whether the server answers `/healthz` with `ok`.
    public func isHealthy() async throws -> Bool {
        try await request(APIRoute.Server.health, as: Health.self).status == "ok"
    }

    /// Whether the server still waits for its first account.
    public func setupRequired() async throws -> Bool {
        try await request(APIRoute.Accounts.setupStatus, as: SetupStatus.self).setupRequired
    }

    /// Creates the first account (an admin) and signs this client in as it.
    @discardableResult
    public func setUp(username: String, password: String) async throws -> User {
        try await request(APIRoute.Accounts.setUp, json: Credentials(username: username, password: password))
    }

    /// Signs in; the client keeps the session cookie for the requests that follow.
    @discardableResult
    public func signIn(username: String, password: String) async throws -> User {
        try await request(
            APIRoute.Accounts.signIn, json: Credentials(username: username, password: password), as: SignedIn.self
        ).user
    }

    /// Ends the session on the server and forgets the cookie.
    public func signOut() async throws {
        try await requestWithoutAnswer(APIRoute.Accounts.signOut)
        sessionToken = nil
    }

    /// The signed-in account.
    public func me() async throws -> User {
        try await request(APIRoute.Accounts.me)
    }

    /// Changes the account's password. Every other session and API token of the account ends; a
    /// client signed in by cookie keeps the new session the server gives it, one with a token keeps it.
    public func changePassword(current: String, new: String) async throws {
        try await requestWithoutAnswer(
            APIRoute.Accounts.changePassword, json: PasswordChange(currentPassword: current, newPassword: new))
    }

    /// The account's signed-in browsers and clients (Devices), the one asking marked `current`.
    public func sessions() async throws -> [SignInSession] {
        try await request(APIRoute.Accounts.sessions, as: ItemList<SignInSession>.self).items
    }

    /// Ends one of the account's sessions: that browser must sign in again.
    public func endSession(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Accounts.endSession, Self.id(id))
    }

    /// A new API token; its secret is in the answer this once.
    public func createToken(name: String) async throws -> NewAPIToken {
        try await request(APIRoute.Accounts.createToken, json: TokenRequest(name: name))
    }

    /// The account's API tokens, without their secrets.
    public func tokens() async throws -> [APIToken] {
        try await request(APIRoute.Accounts.tokens, as: ItemList<APIToken>.self).items
    }

    /// Revokes a token: requests that send it are refused from now on.
    public func revokeToken(_ id: UUID) async throws {
        try await requestWithoutAnswer(APIRoute.Accounts.revokeToken, Self.id(id))
    }
}
