/// One page of a list: its items and the opaque cursor of the next page (`nil` on the last one).
public struct Page<Item: Codable & Sendable>: Codable, Sendable {
    public var items: [Item]
    public var nextCursor: String?

    /// A page of `items`; `nextCursor` is nil on the last page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case items, nextCursor }

    /// Writes `nextCursor: null` on the last page rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}

extension Page: Equatable where Item: Equatable {}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension Page: JSONWritable where Item: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("items", items)
            try json.field("nextCursor", nextCursor)
        }
    }
}
