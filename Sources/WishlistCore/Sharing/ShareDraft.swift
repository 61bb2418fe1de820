import Foundation

/// The body of `POST /api/v1/shares`: a new share as asked for, before the rules are applied.
///
/// Only `title` is required. Memos and prices are shown unless asked otherwise, places hidden
/// (a wish's place can be someone's home), reservations allowed, no expiry.
public struct ShareDraft: Codable, Sendable, Hashable {
    public var title: String
    /// Nil: every wish of the owner; else the wishes carrying this tag at the time the list is read.
    public var tag: String?
    public var showMemos: Bool
    public var showPrices: Bool
    public var showPlaces: Bool
    public var allowReservations: Bool
    public var expiresAt: Date?

    /// A new share's fields; the server checks them against `ShareRules`.
    public init(
        title: String, tag: String? = nil, showMemos: Bool = true, showPrices: Bool = true, showPlaces: Bool = false,
        allowReservations: Bool = true, expiresAt: Date? = nil
    ) {
        self.title = title
        self.tag = tag
        self.showMemos = showMemos
        self.showPrices = showPrices
        self.showPlaces = showPlaces
        self.allowReservations = allowReservations
        self.expiresAt = expiresAt
    }

    /// The draft with its title and tag normalised, or the first broken rule.
    public func validated() throws(ValidationError) -> ShareDraft {
        var draft = self
        draft.title = try ShareRules.title(title)
        draft.tag = try tag.map { tag throws(ValidationError) in try ShareRules.tag(tag) }
        draft.expiresAt = expiresAt.map(ShareRules.expiry)
        return draft
    }

    private enum CodingKeys: String, CodingKey {
        case title, tag, showMemos, showPrices, showPlaces, allowReservations, expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        tag = try container.decodeIfPresent(String.self, forKey: .tag)
        showMemos = try container.decodeIfPresent(Bool.self, forKey: .showMemos) ?? true
        showPrices = try container.decodeIfPresent(Bool.self, forKey: .showPrices) ?? true
        showPlaces = try container.decodeIfPresent(Bool.self, forKey: .showPlaces) ?? false
        allowReservations = try container.decodeIfPresent(Bool.self, forKey: .allowReservations) ?? true
        expiresAt = try container.decodeTimestampIfPresent(forKey: .expiresAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(tag, forKey: .tag)
        try container.encode(showMemos, forKey: .showMemos)
        try container.encode(showPrices, forKey: .showPrices)
        try container.encode(showPlaces, forKey: .showPlaces)
        try container.encode(allowReservations, forKey: .allowReservations)
        try container.encodeIfPresent(expiresAt?.iso8601String, forKey: .expiresAt)
    }
}
