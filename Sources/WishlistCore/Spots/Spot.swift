import Foundation

/// A place seen in a Korean drama, film or show, or visited by an artist (K8): the same for every
/// account, except `wishId`, the asking account's wish made from it.
///
/// `id` is derived from the spot's content (type, title, place, address), so it stays the same
/// across releases of the data set and wishes keep pointing at their spot.
public struct Spot: Codable, Sendable, Hashable {
    @LowercaseUUID public var id: UUID
    public var type: SpotType
    /// The work's title or the artist's name, as the data set spells it (in Korean).
    public var title: String
    /// The place's name.
    public var name: String
    /// `restaurant`, `playground` (sights), `cafe`, `stay`, `station`, `store`…
    public var placeType: String
    /// The scene or visit, in Korean.
    public var description: String
    public var address: String
    public var latitude: Double
    public var longitude: Double
    public var wishId: UUID?

    /// A spot with these fields, as the store reads it; `wishId` when the account saved it.
    public init(
        id: UUID, type: SpotType, title: String, name: String, placeType: String, description: String,
        address: String, latitude: Double, longitude: Double, wishId: UUID? = nil
    ) {
        _id = LowercaseUUID(wrappedValue: id)
        self.type = type
        self.title = title
        self.name = name
        self.placeType = placeType
        self.description = description
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.wishId = wishId
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, title, name, placeType, description, address, latitude, longitude, wishId
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _id = try container.decode(LowercaseUUID.self, forKey: .id)
        type = try container.decode(SpotType.self, forKey: .type)
        title = try container.decode(String.self, forKey: .title)
        name = try container.decode(String.self, forKey: .name)
        placeType = try container.decode(String.self, forKey: .placeType)
        description = try container.decode(String.self, forKey: .description)
        address = try container.decode(String.self, forKey: .address)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        wishId = try container.decodeIfPresent(LowercaseUUID.self, forKey: .wishId)?.wrappedValue
    }

    /// Writes `wishId` as `null` when there is none, as the API writes every optional member.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(name, forKey: .name)
        try container.encode(placeType, forKey: .placeType)
        try container.encode(description, forKey: .description)
        try container.encode(address, forKey: .address)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(wishId.map(LowercaseUUID.init(wrappedValue:)), forKey: .wishId)
    }

    /// The members of the JSON object, in sorted order, for `Spot` and `NearbySpot`.
    func writeFields(to json: inout JSONWriter, distanceMeters: Double? = nil) throws {
        try json.field("address", address)
        try json.field("description", description)
        if let distanceMeters { try json.field("distanceMeters", distanceMeters) }
        try json.field("id", LowercaseUUID(wrappedValue: id))
        try json.field("latitude", latitude)
        try json.field("longitude", longitude)
        try json.field("name", name)
        try json.field("placeType", placeType)
        try json.field("title", title)
        try json.field("type", type)
        try json.field("wishId", wishId.map(LowercaseUUID.init(wrappedValue:)))
    }
}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension Spot: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in try writeFields(to: &json) }
    }
}
