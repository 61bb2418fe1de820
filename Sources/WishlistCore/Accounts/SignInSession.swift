import Foundation

/// A browser or client signed in with a password, as listed under Devices (`GET /api/v1/sessions`):
/// never its secret.
public struct SignInSession: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let createdAt: Date
    /// When it was last used to the minute (uses closer together than that are not all written).
    public let lastUsedAt: Date
    /// When it ends unless used again: after a while unused, or at its maximum age, whichever is first.
    public let expiresAt: Date
    /// The `User-Agent` it signed in with, if it sent one.
    public let userAgent: String?
    /// Whether this is the session the list was asked for with.
    public let current: Bool

    /// A session as listed.
    public init(id: UUID, createdAt: Date, lastUsedAt: Date, expiresAt: Date, userAgent: String?, current: Bool) {
        _id = LowercaseUUID(wrappedValue: id)
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.expiresAt = expiresAt
        self.userAgent = userAgent
        self.current = current
    }
}
