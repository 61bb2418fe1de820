import Foundation

/// The answer to `POST /api/v1/tokens`: the only time the secret `token` is shown.
public struct NewAPIToken: Codable, Equatable, Sendable {
    @LowercaseUUID public var id: UUID
    public let name: String
    public let token: String
    public let createdAt: Date

    /// A token just made, with its secret.
    public init(id: UUID, name: String, token: String, createdAt: Date) {
        _id = LowercaseUUID(wrappedValue: id)
        self.name = name
        self.token = token
        self.createdAt = createdAt
    }
}
