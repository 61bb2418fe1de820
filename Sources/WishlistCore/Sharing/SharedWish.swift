import Foundation

/// A wish as a shared list shows it to anyone holding the link: the fields the share hides are
/// absent (not `null`), and so is `reserved` when the list's owner is the one looking.
public struct SharedWish: Codable, Sendable, Hashable, Identifiable {
    /// A photo of a shared wish, its renditions served through the share (`/s/{token}/media/…`).
    public struct SharedPhoto: Codable, Sendable, Hashable, Identifiable {
        /// Paths of the photo's renditions through the share; there is no original nor full size.
        public struct URLs: Codable, Sendable, Hashable {
            public var thumb: String
            public var medium: String
            public var large: String

            /// The paths of the three renditions.
            public init(thumb: String, medium: String, large: String) {
                self.thumb = thumb
                self.medium = medium
                self.large = large
            }
        }

        @LowercaseUUID public var id: UUID
        public var width: Int
        public var height: Int
        public var urls: URLs

        /// A photo as the share shows it.
        public init(id: UUID, width: Int, height: Int, urls: URLs) {
            self.id = id
            self.width = width
            self.height = height
            self.urls = urls
        }
    }

    public var id: UUID
    public var name: String
    /// Absent when the share hides memos (or the wish has none).
    public var memo: String?
    public var link: String?
    /// Absent when the share hides prices (or none was seen).
    public var price: SeenPrice?
    public var tags: [String]
    public var photos: [SharedPhoto]
    /// Absent unless the share shows places.
    public var place: Place?
    /// Whether a friend said they would get it; absent when the owner looks.
    public var reserved: Bool?
    /// The reserver's name, when they let other friends see it; never shown to the owner.
    public var reservedBy: String?

    /// A shared wish with these fields.
    public init(
        id: UUID, name: String, memo: String? = nil, link: String? = nil, price: SeenPrice? = nil, tags: [String] = [],
        photos: [SharedPhoto] = [], place: Place? = nil, reserved: Bool? = nil, reservedBy: String? = nil
    ) {
        self.id = id
        self.name = name
        self.memo = memo
        self.link = link
        self.price = price
        self.tags = tags
        self.photos = photos
        self.place = place
        self.reserved = reserved
        self.reservedBy = reservedBy
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, memo, link, price, tags, photos, place, reserved, reservedBy
    }

    /// `link` is always written (`null` without one); the optional fields only when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(memo, forKey: .memo)
        try container.encode(link, forKey: .link)
        try container.encodeIfPresent(price, forKey: .price)
        try container.encode(tags, forKey: .tags)
        try container.encode(photos, forKey: .photos)
        try container.encodeIfPresent(place, forKey: .place)
        try container.encodeIfPresent(reserved, forKey: .reserved)
        try container.encodeIfPresent(reservedBy, forKey: .reservedBy)
    }
}
