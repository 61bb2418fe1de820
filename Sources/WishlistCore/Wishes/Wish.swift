import Foundation

/// Something a person wants, as the API shows it.
///
/// Its JSON is the contract: lower-case UUID, ISO 8601 dates with `Z`, and explicit `null` for an
/// absent memo, link or place. It decodes whatever date strategy the decoder has.
public struct Wish: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var name: String
    public var memo: String?
    public var link: String?
    public var tags: [String]
    public var place: Place?
    public var photos: [Photo]
    public var favorite: Bool
    /// A private wish is in no share, whatever its tags (`private` in JSON; false by default).
    public var isPrivate: Bool
    /// The price last seen on the link; nil when none was ever seen.
    public var price: SeenPrice? { priceHistory.first }
    /// Every price seen on the link, newest first, at most `SeenPrice.historyLimit`.
    public var priceHistory: [SeenPrice]
    public var createdAt: Date
    public var updatedAt: Date
    /// Bumped by every change; clients send it back in `If-Match` to avoid overwriting a newer edit.
    public var version: Int

    /// A wish with these fields, as the store reads it.
    public init(
        id: UUID, name: String, memo: String? = nil, link: String? = nil, tags: [String] = [],
        place: Place? = nil, photos: [Photo] = [], favorite: Bool = false, isPrivate: Bool = false,
        priceHistory: [SeenPrice] = [], createdAt: Date, updatedAt: Date, version: Int
    ) {
        self.id = id
        self.name = name
        self.memo = memo
        self.link = link
        self.tags = tags
        self.place = place
        self.photos = photos
        self.favorite = favorite
        self.isPrivate = isPrivate
        self.priceHistory = priceHistory
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, memo, link, tags, place, photos, favorite, price, priceHistory, createdAt, updatedAt, version
        case isPrivate = "private"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        memo = try container.decodeIfPresent(String.self, forKey: .memo)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        tags = try container.decode([String].self, forKey: .tags)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        photos = try container.decode([Photo].self, forKey: .photos)
        favorite = try container.decode(Bool.self, forKey: .favorite)
        // Answers of servers from before sharing have no `private`: nothing was private then.
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
        // `price` is the history's first point, so only the history is read.
        priceHistory = try container.decodeIfPresent([SeenPrice].self, forKey: .priceHistory) ?? []
        createdAt = try container.decodeTimestamp(forKey: .createdAt)
        updatedAt = try container.decodeTimestamp(forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(memo, forKey: .memo)
        try container.encode(link, forKey: .link)
        try container.encode(tags, forKey: .tags)
        try container.encode(place, forKey: .place)
        try container.encode(photos, forKey: .photos)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(price, forKey: .price)
        try container.encode(priceHistory, forKey: .priceHistory)
        try container.encode(isPrivate, forKey: .isPrivate)
        try container.encode(createdAt.iso8601String, forKey: .createdAt)
        try container.encode(updatedAt.iso8601String, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
    }
}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension Wish: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("createdAt", createdAt)
            try json.field("favorite", favorite)
            try json.field("id", LowercaseUUID(wrappedValue: id))
            try json.field("link", link)
            try json.field("memo", memo)
            try json.field("name", name)
            try json.field("photos", photos)
            try json.field("place", place)
            try json.field("price", price)
            try json.field("priceHistory", priceHistory)
            try json.field("private", isPrivate)
            try json.field("tags", tags)
            try json.field("updatedAt", updatedAt)
            try json.field("version", version)
        }
    }
}
