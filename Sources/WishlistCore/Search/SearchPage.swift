/// One page of one search group (`GET /api/v1/search?q=&group=&cursor=&limit=`): its items, the
/// cursor of the next page, and how many the group holds.
///
/// Counting stops at ``totalBound`` so that a one-letter search in a million wishes stays cheap:
/// past it `total` is the bound and `totalIsCapped` is true ("1,000+").
public struct SearchPage<Item: Codable & Sendable>: Codable, Sendable {
    public static var totalBound: Int { 1_000 }

    public var items: [Item]
    public var nextCursor: String?
    public var total: Int
    public var totalIsCapped: Bool

    /// A page of `items`, the cursor of the next page (nil on the last), and the group's count.
    public init(items: [Item], nextCursor: String?, total: Int, totalIsCapped: Bool) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
        self.totalIsCapped = totalIsCapped
    }

    /// A page of a group whose matches were counted up to one past ``totalBound``.
    public init(items: [Item], nextCursor: String?, counted: Int) {
        self.init(
            items: items, nextCursor: nextCursor, total: min(counted, Self.totalBound),
            totalIsCapped: counted > Self.totalBound)
    }

    /// What the all-groups answer says of this group beside its items.
    public var summary: SearchGroupSummary {
        SearchGroupSummary(nextCursor: nextCursor, total: total, totalIsCapped: totalIsCapped)
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor, total, totalIsCapped }

    /// Writes `nextCursor: null` on the last page rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(total, forKey: .total)
        try container.encode(totalIsCapped, forKey: .totalIsCapped)
    }
}

extension SearchPage: Equatable where Item: Equatable {}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension SearchPage: JSONWritable where Item: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("items", items)
            try json.field("nextCursor", nextCursor)
            try json.field("total", total)
            try json.field("totalIsCapped", totalIsCapped)
        }
    }
}
