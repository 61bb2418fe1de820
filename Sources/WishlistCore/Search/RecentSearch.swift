import Foundation

/// A search the person made, kept so they can run it again (`GET /api/v1/recent-searches`).
public struct RecentSearch: Codable, Sendable, Hashable, Identifiable {
    public static let keptLimit = 20

    public var id: UUID
    public var query: String
    public var searchedAt: Date

    /// A search remembered at `searchedAt`.
    public init(id: UUID, query: String, searchedAt: Date) {
        self.id = id
        self.query = query
        self.searchedAt = searchedAt
    }

    private enum CodingKeys: String, CodingKey { case id, query, searchedAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        query = try container.decode(String.self, forKey: .query)
        searchedAt = try container.decodeTimestamp(forKey: .searchedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(query, forKey: .query)
        try container.encode(searchedAt.iso8601String, forKey: .searchedAt)
    }
}
