/// One group's paging in the all-groups answer of `GET /api/v1/search`: the cursor of its second
/// page and its count, capped as ``SearchPage`` explains.
public struct SearchGroupSummary: Codable, Sendable, Hashable {
    public var nextCursor: String?
    public var total: Int
    public var totalIsCapped: Bool

    /// A group's paging: the cursor of its next page (nil on its last), and its count.
    public init(nextCursor: String?, total: Int, totalIsCapped: Bool) {
        self.nextCursor = nextCursor
        self.total = total
        self.totalIsCapped = totalIsCapped
    }

    private enum CodingKeys: String, CodingKey { case nextCursor, total, totalIsCapped }

    /// Writes `nextCursor: null` on a group's last page rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(total, forKey: .total)
        try container.encode(totalIsCapped, forKey: .totalIsCapped)
    }
}

extension SearchGroupSummary: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("nextCursor", nextCursor)
            try json.field("total", total)
            try json.field("totalIsCapped", totalIsCapped)
        }
    }
}
