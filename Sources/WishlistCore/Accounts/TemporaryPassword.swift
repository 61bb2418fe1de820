/// A password an administrator set for someone (`reset-password`), shown once and good for one
/// sign-in followed by a change of password.
public struct TemporaryPassword: Codable, Equatable, Sendable {
    public let account: AccountSummary
    public let temporaryPassword: String

    /// The answer of a reset: the account and its new temporary password.
    public init(account: AccountSummary, temporaryPassword: String) {
        self.account = account
        self.temporaryPassword = temporaryPassword
    }
}
