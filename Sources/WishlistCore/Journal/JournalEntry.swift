import Foundation

/// A day written down (D1–D4), as the API shows it.
///
/// `date` is the calendar day the entry is about (`YYYY-MM-DD`), `time` an optional time of that
/// day (`HH:MM`); both are the writer's own wall clock, not instants. `wishIds` are the author's
/// wishes the entry mentions, in the order written.
public struct JournalEntry: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var title: String
    public var contents: String
    public var date: String
    public var time: String?
    public var hearted: Bool
    public var photos: [Photo]
    public var place: Place?
    public var wishIDs: [UUID]
    public var createdAt: Date
    public var updatedAt: Date
    /// Bumped by every change; clients send it back in `If-Match` to avoid overwriting a newer edit.
    public var version: Int

    /// An entry with these fields, as the store reads it.
    public init(
        id: UUID, title: String, contents: String = "", date: String, time: String? = nil, hearted: Bool = false,
        photos: [Photo] = [], place: Place? = nil, wishIDs: [UUID] = [], createdAt: Date, updatedAt: Date, version: Int
    ) {
        self.id = id
        self.title = title
        self.contents = contents
        self.date = date
        self.time = time
        self.hearted = hearted
        self.photos = photos
        self.place = place
        self.wishIDs = wishIDs
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, contents, date, time, hearted, photos, place
        case wishIDs = "wishIds"
        case createdAt, updatedAt, version
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        contents = try container.decode(String.self, forKey: .contents)
        date = try container.decode(String.self, forKey: .date)
        time = try container.decodeIfPresent(String.self, forKey: .time)
        hearted = try container.decode(Bool.self, forKey: .hearted)
        photos = try container.decode([Photo].self, forKey: .photos)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        wishIDs = try container.decode([UUID].self, forKey: .wishIDs)
        createdAt = try container.decodeTimestamp(forKey: .createdAt)
        updatedAt = try container.decodeTimestamp(forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(contents, forKey: .contents)
        try container.encode(date, forKey: .date)
        try container.encode(time, forKey: .time)
        try container.encode(hearted, forKey: .hearted)
        try container.encode(photos, forKey: .photos)
        try container.encode(place, forKey: .place)
        try container.encode(wishIDs.map(LowercaseUUID.init(wrappedValue:)), forKey: .wishIDs)
        try container.encode(createdAt.iso8601String, forKey: .createdAt)
        try container.encode(updatedAt.iso8601String, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
    }
}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension JournalEntry: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("contents", contents)
            try json.field("createdAt", createdAt)
            try json.field("date", date)
            try json.field("hearted", hearted)
            try json.field("id", LowercaseUUID(wrappedValue: id))
            try json.field("photos", photos)
            try json.field("place", place)
            try json.field("time", time)
            try json.field("title", title)
            try json.field("updatedAt", updatedAt)
            try json.field("version", version)
            try json.field("wishIds", wishIDs.map(LowercaseUUID.init(wrappedValue:)))
        }
    }
}
