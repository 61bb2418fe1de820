import Foundation

/// A person with an account, as the API shows it (`GET /api/v1/me`).
public struct User: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let username: String
    public let isAdmin: Bool
    public let createdAt: Date

    /// An account as the API shows it.
    public init(id: UUID, username: String, isAdmin: Bool, createdAt: Date) {
        _id = LowercaseUUID(wrappedValue: id)
        self.username = username
        self.isAdmin = isAdmin
        self.createdAt = createdAt
    }
}
