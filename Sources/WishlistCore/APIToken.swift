import Foundation

/// An API token as listed (`GET /api/v1/tokens`): never the secret itself.
public struct APIToken: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?
    /// The `User-Agent` of its last use, if it sent one.
    public let userAgent: String?

    /// A token as listed: its secret is never in it.
    public init(id: UUID, name: String, createdAt: Date, lastUsedAt: Date?, userAgent: String? = nil) {
        _id = LowercaseUUID(wrappedValue: id)
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.userAgent = userAgent
    }

    /// A token's name: 1–100 characters after trimming.
    public static func validatedName(_ name: String) throws(ValidationError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.count) else {
            throw ValidationError(
                field: "name", code: "invalid_token_name", message: "A token's name is 1 to 100 characters long.")
        }
        return trimmed
    }
}
