import Foundation

/// An account as an administrator sees it (`GET /api/v1/admin/accounts`, `wishlist user list`):
/// who it is and whether it may sign in, never its password or records.
public struct AccountSummary: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let username: String
    public let isAdmin: Bool
    public let createdAt: Date
    /// When an administrator disabled it; nil while it may sign in.
    public let disabledAt: Date?
    /// Its password was reset to a temporary one that has not been changed yet.
    public let mustChangePassword: Bool
    /// Its last sign-in or use of a session or API token, to the minute; nil if never.
    public let lastSeenAt: Date?
    public let wishCount: Int
    public let photoCount: Int

    /// An account as listed for administrators.
    public init(
        id: UUID, username: String, isAdmin: Bool, createdAt: Date, disabledAt: Date?, mustChangePassword: Bool,
        lastSeenAt: Date?, wishCount: Int, photoCount: Int
    ) {
        _id = LowercaseUUID(wrappedValue: id)
        self.username = username
        self.isAdmin = isAdmin
        self.createdAt = createdAt
        self.disabledAt = disabledAt
        self.mustChangePassword = mustChangePassword
        self.lastSeenAt = lastSeenAt
        self.wishCount = wishCount
        self.photoCount = photoCount
    }
}
