import Foundation

/// The body of `POST /api/v1/journal`: a new entry as typed, before the rules are applied.
///
/// ``validated()`` gives the normalised draft the store keeps, or the first broken rule.
public struct JournalDraft: Codable, Sendable, Hashable {
    public var title: String
    public var contents: String
    public var date: String
    public var time: String?
    public var place: Place?
    public var photoIDs: [UUID]
    public var wishIDs: [UUID]
    public var hearted: Bool

    /// A new entry's fields; `date` is `YYYY-MM-DD`, `time` `HH:MM`.
    public init(
        title: String, contents: String = "", date: String, time: String? = nil, place: Place? = nil,
        photoIDs: [UUID] = [], wishIDs: [UUID] = [], hearted: Bool = false
    ) {
        self.title = title
        self.contents = contents
        self.date = date
        self.time = time
        self.place = place
        self.photoIDs = photoIDs
        self.wishIDs = wishIDs
        self.hearted = hearted
    }

    /// The draft with every field normalised by ``JournalRules`` and ``Place``.
    public func validated() throws(ValidationError) -> JournalDraft {
        JournalDraft(
            title: try JournalRules.title(title),
            contents: try JournalRules.contents(contents),
            date: try JournalRules.date(date),
            time: try JournalRules.time(time),
            place: try place?.validated(),
            photoIDs: try JournalRules.photoIDs(photoIDs),
            wishIDs: try JournalRules.wishIDs(wishIDs),
            hearted: hearted)
    }

    private enum CodingKeys: String, CodingKey {
        case title, contents, date, time, place
        case photoIDs = "photoIds"
        case wishIDs = "wishIds"
        case hearted
    }

    /// `title` and `date` are required; the other fields default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        contents = try container.decodeIfPresent(String.self, forKey: .contents) ?? ""
        date = try container.decode(String.self, forKey: .date)
        time = try container.decodeIfPresent(String.self, forKey: .time)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        photoIDs = try container.decodeIfPresent([UUID].self, forKey: .photoIDs) ?? []
        wishIDs = try container.decodeIfPresent([UUID].self, forKey: .wishIDs) ?? []
        hearted = try container.decodeIfPresent(Bool.self, forKey: .hearted) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(contents, forKey: .contents)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(place, forKey: .place)
        try container.encode(photoIDs.map(LowercaseUUID.init(wrappedValue:)), forKey: .photoIDs)
        try container.encode(wishIDs.map(LowercaseUUID.init(wrappedValue:)), forKey: .wishIDs)
        try container.encode(hearted, forKey: .hearted)
    }
}
