import Foundation

/// The body of `PATCH /api/v1/journal/{id}`: any subset of the create fields.
///
/// A `nil` field is left as it is; `time` and `place` can also be cleared with an explicit `null`.
public struct JournalPatch: Codable, Sendable, Hashable {
    public var title: String?
    public var contents: String?
    public var date: String?
    public var time: FieldChange<String>
    public var place: FieldChange<Place>
    public var photoIDs: [UUID]?
    public var wishIDs: [UUID]?
    public var hearted: Bool?

    /// A change of the fields given; the others stay as they are.
    public init(
        title: String? = nil, contents: String? = nil, date: String? = nil, time: FieldChange<String> = .keep,
        place: FieldChange<Place> = .keep, photoIDs: [UUID]? = nil, wishIDs: [UUID]? = nil, hearted: Bool? = nil
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

    /// The entry this patch makes of `entry`, with the same rules as a new entry. Photos and
    /// mentions name other records, so the store resolves them (``validatedPhotoIDs()``,
    /// ``validatedWishIDs()``); version and dates are the store's business too.
    public func applied(to entry: JournalEntry) throws(ValidationError) -> JournalEntry {
        var result = entry
        if let title { result.title = try JournalRules.title(title) }
        if let contents { result.contents = try JournalRules.contents(contents) }
        if let date { result.date = try JournalRules.date(date) }
        result.time = try time.applied(to: entry.time) { time throws(ValidationError) in try JournalRules.time(time) }
        result.place = try place.applied(to: entry.place) { place throws(ValidationError) in try place.validated() }
        if let hearted { result.hearted = hearted }
        return result
    }

    /// The photos to keep on the entry, when the patch changes them.
    public func validatedPhotoIDs() throws(ValidationError) -> [UUID]? {
        guard let photoIDs else { return nil }
        return try JournalRules.photoIDs(photoIDs)
    }

    /// The wishes the entry mentions, when the patch changes them.
    public func validatedWishIDs() throws(ValidationError) -> [UUID]? {
        guard let wishIDs else { return nil }
        return try JournalRules.wishIDs(wishIDs)
    }

    private enum CodingKeys: String, CodingKey {
        case title, contents, date, time, place
        case photoIDs = "photoIds"
        case wishIDs = "wishIds"
        case hearted
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        contents = try container.decodeIfPresent(String.self, forKey: .contents)
        date = try container.decodeIfPresent(String.self, forKey: .date)
        time = try container.decodeChange(String.self, forKey: .time)
        place = try container.decodeChange(Place.self, forKey: .place)
        photoIDs = try container.decodeIfPresent([UUID].self, forKey: .photoIDs)
        wishIDs = try container.decodeIfPresent([UUID].self, forKey: .wishIDs)
        hearted = try container.decodeIfPresent(Bool.self, forKey: .hearted)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(contents, forKey: .contents)
        try container.encodeIfPresent(date, forKey: .date)
        try container.encodeChange(time, forKey: .time)
        try container.encodeChange(place, forKey: .place)
        try container.encodeIfPresent(photoIDs?.map(LowercaseUUID.init(wrappedValue:)), forKey: .photoIDs)
        try container.encodeIfPresent(wishIDs?.map(LowercaseUUID.init(wrappedValue:)), forKey: .wishIDs)
        try container.encodeIfPresent(hearted, forKey: .hearted)
    }
}
