import Foundation

/// A person with an account, as the API shows it (`GET /api/v1/me`).
public struct User: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let username: String
    public let isAdmin: Bool
    public let createdAt: Date
    /// Signed in with a temporary password an administrator set: until the person chooses a new
    /// one, the API answers nothing but `/me`, the change of password and signing out.
    public let mustChangePassword: Bool

    /// An account as the API shows it.
    public init(id: UUID, username: String, isAdmin: Bool, createdAt: Date, mustChangePassword: Bool = false) {
        _id = LowercaseUUID(wrappedValue: id)
        self.username = username
        self.isAdmin = isAdmin
        self.createdAt = createdAt
        self.mustChangePassword = mustChangePassword
    }
}
