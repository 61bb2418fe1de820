import Foundation

/// The body of `PATCH /api/v1/wishes/{id}`: any subset of the create fields.
///
/// A `nil` field is left as it is. `memo`, `link` and `place` can also be cleared, and JSON tells the
/// two apart: a missing key keeps the value, an explicit `null` clears it.
public struct WishPatch: Codable, Sendable, Hashable {
    /// What to do with a field that can be empty.
    public typealias Change = FieldChange

    public var name: String?
    public var memo: Change<String>
    public var link: Change<String>
    public var tags: [String]?
    public var place: Change<Place>
    public var photoIDs: [UUID]?
    public var favorite: Bool?
    /// Makes the wish private (in no share) or not (`private` in JSON).
    public var isPrivate: Bool?

    /// A change of the fields given; the others stay as they are.
    public init(
        name: String? = nil, memo: Change<String> = .keep, link: Change<String> = .keep, tags: [String]? = nil,
        place: Change<Place> = .keep, photoIDs: [UUID]? = nil, favorite: Bool? = nil, isPrivate: Bool? = nil
    ) {
        self.name = name
        self.memo = memo
        self.link = link
        self.tags = tags
        self.place = place
        self.photoIDs = photoIDs
        self.favorite = favorite
        self.isPrivate = isPrivate
    }

    /// The wish this patch makes of `wish`, with the same rules as a new wish. Version and dates
    /// are the store's business and are left as they were.
    public func applied(to wish: Wish) throws(ValidationError) -> Wish {
        var result = wish
        if let name { result.name = try WishRules.name(name) }
        switch memo {
        case .keep: break
        case .clear: result.memo = nil
        case .set(let memo): result.memo = try WishRules.memo(memo)
        }
        switch link {
        case .keep: break
        case .clear: result.link = nil
        case .set(let link): result.link = try WishRules.link(link)
        }
        if let tags { result.tags = try Tag.validated(tags) }
        switch place {
        case .keep: break
        case .clear: result.place = nil
        case .set(let place): result.place = try place.validated()
        }
        if let favorite { result.favorite = favorite }
        if let isPrivate { result.isPrivate = isPrivate }
        return result
    }

    /// The photo ids to keep on the wish, when the patch changes them.
    public func validatedPhotoIDs() throws(ValidationError) -> [UUID]? {
        guard let photoIDs else { return nil }
        return try WishRules.photoIDs(photoIDs)
    }

    private enum CodingKeys: String, CodingKey {
        case name, memo, link, tags, place
        case photoIDs = "photoIds"
        case favorite
        case isPrivate = "private"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        memo = try container.decodeChange(String.self, forKey: .memo)
        link = try container.decodeChange(String.self, forKey: .link)
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
        place = try container.decodeChange(Place.self, forKey: .place)
        photoIDs = try container.decodeIfPresent([UUID].self, forKey: .photoIDs)
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite)
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeChange(memo, forKey: .memo)
        try container.encodeChange(link, forKey: .link)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeChange(place, forKey: .place)
        try container.encodeIfPresent(photoIDs?.map(LowercaseUUID.init(wrappedValue:)), forKey: .photoIDs)
        try container.encodeIfPresent(favorite, forKey: .favorite)
        try container.encodeIfPresent(isPrivate, forKey: .isPrivate)
    }
}
