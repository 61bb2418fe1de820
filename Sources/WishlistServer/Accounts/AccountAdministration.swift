import Crypto
import Foundation
import WishlistCore
import WishlistStore

/// The account rules applied to a store: what `wishlist user …` does on the data directory and
/// what first-run setup and the administrators' API do over HTTP, in one place.
public struct AccountAdministration: Sendable {
    let users: UserRepository
    let tokens: TokenRepository
    let hasher: PasswordHasher
    let clock: @Sendable () -> Date

    public init(store: Store, passwordCost: PasswordHasher.Cost = .interactive, clock: @escaping @Sendable () -> Date = { Date() }) {
        users = store.users
        tokens = store.tokens
        hasher = PasswordHasher(cost: passwordCost)
        self.clock = clock
    }

    /// Adds an account after checking the username and password rules.
    @discardableResult
    public func addUser(username: String, password: String, isAdmin: Bool) throws -> Account {
        let username = try AccountRules.normalizedUsername(username)
        try AccountRules.validatePassword(password)
        return try users.createUser(
            username: username, passwordHash: try hasher.hash(password), isAdmin: isAdmin, now: clock())
    }

    /// Adds an account with a temporary password for an administrator to hand over (answered this
    /// once; the store keeps its hash), which the person must change once signed in with it.
    public func addAccountWithTemporaryPassword(_ account: NewAccount) throws -> TemporaryPassword {
        let username = try AccountRules.normalizedUsername(account.username)
        let password = Self.temporaryPassword()
        _ = try users.createUser(
            username: username, passwordHash: try hasher.hash(password), isAdmin: account.isAdmin, mustChangePassword: true,
            now: clock())
        return TemporaryPassword(account: try users.summary(username: username), temporaryPassword: password)
    }

    /// Creates the first account, an admin; refuses once any account exists.
    func setUpFirstAdmin(username: String, password: String) throws -> Account {
        let username = try AccountRules.normalizedUsername(username)
        try AccountRules.validatePassword(password)
        guard try users.userCount() == 0 else { throw StoreError.alreadySetUp }
        return try users.createFirstAdmin(username: username, passwordHash: try hasher.hash(password), now: clock())
    }

    /// A new API token for the account; the answer holds its secret, which is stored only as a digest.
    public func issueToken(for key: UserKey, name: String) throws -> NewAPIToken {
        let name = try APIToken.validatedName(name)
        let secret = "wl_" + SecureRandom.token()
        let token = try tokens.createToken(for: key, name: name, tokenHash: Authenticator.digest(secret), now: clock())
        return NewAPIToken(id: token.id, name: token.name, token: secret, createdAt: token.createdAt)
    }

    /// Every account as an administrator sees it.
    public func summaries() throws -> [AccountSummary] {
        try users.summaries()
    }

    /// Sets a new password, which also signs the account out everywhere and revokes its API tokens.
    public func setPassword(username: String, password: String) throws {
        try AccountRules.validatePassword(password)
        try users.setPasswordHash(try hasher.hash(password), username: username.lowercased(), mustChange: false)
    }

    /// Sets a new random password for an administrator to hand over, which the person must change
    /// once signed in with it; like any password set for them, it signs the account out everywhere
    /// and revokes its API tokens. The password is in the answer only: the store keeps its hash.
    public func resetPassword(username: String) throws -> TemporaryPassword {
        let username = username.lowercased()
        let password = Self.temporaryPassword()
        try users.setPasswordHash(try hasher.hash(password), username: username, mustChange: true)
        return TemporaryPassword(account: try users.summary(username: username), temporaryPassword: password)
    }

    /// Disables the account or enables it again (see `UserRepository.setDisabled`).
    @discardableResult
    public func setDisabled(_ disabled: Bool, username: String) throws -> AccountSummary {
        let username = username.lowercased()
        try users.setDisabled(disabled, username: username, now: clock())
        return try users.summary(username: username)
    }

    /// Letters and digits that cannot be mistaken for one another when read aloud or copied by hand.
    private static let temporaryAlphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

    /// Four groups of four (about 79 bits), e.g. `k7pm-x3qa-v9te-2hnw`: easy to pass on, hard to guess.
    static func temporaryPassword() -> String {
        (0..<4).map { _ in SecureRandom.string(length: 4, alphabet: temporaryAlphabet) }.joined(separator: "-")
    }

    /// The account's own change of password (the current one already checked): every other session
    /// and API token of the account ends; `keepingToken` is the digest of the API token the change
    /// was made with, if it was.
    func changePassword(for key: UserKey, to password: String, keepingToken: [UInt8]?) throws {
        do throws(ValidationError) {
            try AccountRules.validatePassword(password)
        } catch {
            throw ValidationError(field: "newPassword", code: error.code, message: error.message)
        }
        try users.changePasswordHash(try hasher.hash(password), for: key, keepingToken: keepingToken)
    }

    public func deleteUser(username: String) throws {
        try users.deleteUser(username: username.lowercased())
    }
}
