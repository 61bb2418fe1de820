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

    /// Written by hand so that a token never used says `"lastUsedAt": null` rather than leaving the
    /// key out: the API documents every key of a token as present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(_id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(lastUsedAt, forKey: .lastUsedAt)
        try container.encode(userAgent, forKey: .userAgent)
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
