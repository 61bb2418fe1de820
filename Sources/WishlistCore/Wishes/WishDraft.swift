import Foundation

/// The body of `POST /api/v1/wishes`: a new wish as typed, before the rules are applied.
///
/// ``validated()`` gives the normalised draft the store keeps, or the first broken rule.
public struct WishDraft: Codable, Sendable, Hashable {
    public var name: String
    public var memo: String?
    public var link: String?
    public var tags: [String]
    public var place: Place?
    public var photoIDs: [UUID]
    public var favorite: Bool
    /// A private wish is in no share (`private` in JSON).
    public var isPrivate: Bool

    /// A new wish's fields; the server checks them against `WishRules`.
    public init(
        name: String, memo: String? = nil, link: String? = nil, tags: [String] = [],
        place: Place? = nil, photoIDs: [UUID] = [], favorite: Bool = false, isPrivate: Bool = false
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

    /// The draft with every field normalised by ``WishRules``, ``Tag`` and ``Place``.
    public func validated() throws(ValidationError) -> WishDraft {
        WishDraft(
            name: try WishRules.name(name),
            memo: try WishRules.memo(memo),
            link: try WishRules.link(link),
            tags: try Tag.validated(tags),
            place: try place?.validated(),
            photoIDs: try WishRules.photoIDs(photoIDs),
            favorite: favorite, isPrivate: isPrivate)
    }

    private enum CodingKeys: String, CodingKey {
        case name, memo, link, tags, place
        case photoIDs = "photoIds"
        case favorite
        case isPrivate = "private"
    }

    /// Only `name` is required; the other fields default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        memo = try container.decodeIfPresent(String.self, forKey: .memo)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        photoIDs = try container.decodeIfPresent([UUID].self, forKey: .photoIDs) ?? []
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        isPrivate = try container.decodeIfPresent(Bool.self, forKey: .isPrivate) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(memo, forKey: .memo)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encode(tags, forKey: .tags)
        try container.encodeIfPresent(place, forKey: .place)
        try container.encode(photoIDs.map(LowercaseUUID.init(wrappedValue:)), forKey: .photoIDs)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(isPrivate, forKey: .isPrivate)
    }
}
