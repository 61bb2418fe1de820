import Foundation

/// A link to the owner's wishes, or to those of one tag, as its owner sees it (the `Share` of the API).
///
/// It says what the link shows and how often it was opened, never anything about reservations:
/// the owner must not learn whether or by whom a wish is reserved.
public struct Share: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var title: String
    /// The tag whose wishes the link shows, as spelled when the share was made; nil: every wish.
    public var tag: String?
    public var showMemos: Bool
    public var showPrices: Bool
    /// Off by default: a wish's place can be someone's home.
    public var showPlaces: Bool
    public var allowReservations: Bool
    /// The public address of the list, `<public url>/s/<token>`.
    public var url: String
    public var createdAt: Date
    /// After this the link answers `share_not_found`; nil: never.
    public var expiresAt: Date?
    /// How many times the list was opened (not counting its owner).
    public var views: Int
    public var lastViewedAt: Date?

    /// A share with these fields, as the store reads it.
    public init(
        id: UUID, title: String, tag: String?, showMemos: Bool, showPrices: Bool, showPlaces: Bool,
        allowReservations: Bool, url: String, createdAt: Date, expiresAt: Date?, views: Int, lastViewedAt: Date?
    ) {
        self.id = id
        self.title = title
        self.tag = tag
        self.showMemos = showMemos
        self.showPrices = showPrices
        self.showPlaces = showPlaces
        self.allowReservations = allowReservations
        self.url = url
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.views = views
        self.lastViewedAt = lastViewedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, tag, showMemos, showPrices, showPlaces, allowReservations, url, createdAt, expiresAt, views
        case lastViewedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        tag = try container.decodeIfPresent(String.self, forKey: .tag)
        showMemos = try container.decode(Bool.self, forKey: .showMemos)
        showPrices = try container.decode(Bool.self, forKey: .showPrices)
        showPlaces = try container.decode(Bool.self, forKey: .showPlaces)
        allowReservations = try container.decode(Bool.self, forKey: .allowReservations)
        url = try container.decode(String.self, forKey: .url)
        createdAt = try container.decodeTimestamp(forKey: .createdAt)
        expiresAt = try container.decodeTimestampIfPresent(forKey: .expiresAt)
        views = try container.decode(Int.self, forKey: .views)
        lastViewedAt = try container.decodeTimestampIfPresent(forKey: .lastViewedAt)
    }

    /// Every key is written; `tag`, `expiresAt` and `lastViewedAt` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(tag, forKey: .tag)
        try container.encode(showMemos, forKey: .showMemos)
        try container.encode(showPrices, forKey: .showPrices)
        try container.encode(showPlaces, forKey: .showPlaces)
        try container.encode(allowReservations, forKey: .allowReservations)
        try container.encode(url, forKey: .url)
        try container.encode(createdAt.iso8601String, forKey: .createdAt)
        try container.encode(expiresAt?.iso8601String, forKey: .expiresAt)
        try container.encode(views, forKey: .views)
        try container.encode(lastViewedAt?.iso8601String, forKey: .lastViewedAt)
    }
}
