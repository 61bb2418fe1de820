import Foundation

/// The body of `PATCH /api/v1/shares/{id}`: any subset of the create fields. A missing key keeps
/// the value; `tag` and `expiresAt` can be cleared with `null` (every wish; no expiry).
public struct SharePatch: Codable, Sendable, Hashable {
    public var title: String?
    public var tag: FieldChange<String>
    public var showMemos: Bool?
    public var showPrices: Bool?
    public var showPlaces: Bool?
    public var allowReservations: Bool?
    public var expiresAt: FieldChange<Date>

    /// A change of the fields given; the others stay as they are.
    public init(
        title: String? = nil, tag: FieldChange<String> = .keep, showMemos: Bool? = nil, showPrices: Bool? = nil,
        showPlaces: Bool? = nil, allowReservations: Bool? = nil, expiresAt: FieldChange<Date> = .keep
    ) {
        self.title = title
        self.tag = tag
        self.showMemos = showMemos
        self.showPrices = showPrices
        self.showPlaces = showPlaces
        self.allowReservations = allowReservations
        self.expiresAt = expiresAt
    }

    /// The share this patch makes of `share`, by the rules of a new share.
    public func applied(to share: Share) throws(ValidationError) -> Share {
        var result = share
        if let title { result.title = try ShareRules.title(title) }
        switch tag {
        case .keep: break
        case .clear: result.tag = nil
        case .set(let tag): result.tag = try ShareRules.tag(tag)
        }
        if let showMemos { result.showMemos = showMemos }
        if let showPrices { result.showPrices = showPrices }
        if let showPlaces { result.showPlaces = showPlaces }
        if let allowReservations { result.allowReservations = allowReservations }
        switch expiresAt {
        case .keep: break
        case .clear: result.expiresAt = nil
        case .set(let date): result.expiresAt = ShareRules.expiry(date)
        }
        return result
    }

    private enum CodingKeys: String, CodingKey {
        case title, tag, showMemos, showPrices, showPlaces, allowReservations, expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        tag = try container.decodeChange(String.self, forKey: .tag)
        showMemos = try container.decodeIfPresent(Bool.self, forKey: .showMemos)
        showPrices = try container.decodeIfPresent(Bool.self, forKey: .showPrices)
        showPlaces = try container.decodeIfPresent(Bool.self, forKey: .showPlaces)
        allowReservations = try container.decodeIfPresent(Bool.self, forKey: .allowReservations)
        if !container.contains(.expiresAt) {
            expiresAt = .keep
        } else if let date = try container.decodeTimestampIfPresent(forKey: .expiresAt) {
            expiresAt = .set(date)
        } else {
            expiresAt = .clear
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeChange(tag, forKey: .tag)
        try container.encodeIfPresent(showMemos, forKey: .showMemos)
        try container.encodeIfPresent(showPrices, forKey: .showPrices)
        try container.encodeIfPresent(showPlaces, forKey: .showPlaces)
        try container.encodeIfPresent(allowReservations, forKey: .allowReservations)
        switch expiresAt {
        case .keep: break
        case .clear: try container.encodeNil(forKey: .expiresAt)
        case .set(let date): try container.encode(date.iso8601String, forKey: .expiresAt)
        }
    }
}
