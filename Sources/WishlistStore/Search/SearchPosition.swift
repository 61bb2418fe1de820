import WishlistCore

/// Where a page of a search group ended, inside its cursor: the last item's rank (the group's tier,
/// such as exact name, prefix, mid-word), its creation time and row id. The group is part of it,
/// so a cursor handed out for one group is refused by another.
struct SearchPosition: Codable, Hashable, Sendable, JSONWritable {
    var group: SearchGroup
    var rank: Int
    var createdAt: Int64
    var rowID: Int64

    /// The encoder's JSON, keys in order, without its cost: an all-groups answer hands out five cursors.
    func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("createdAt", Int(createdAt))
            try json.field("group", group.rawValue)
            try json.field("rank", rank)
            try json.field("rowID", Int(rowID))
        }
    }

    /// The order of a ranked group: rank, then newest first.
    static func precedes(_ a: SearchPosition, _ b: SearchPosition) -> Bool {
        (a.rank, b.createdAt, b.rowID) < (b.rank, a.createdAt, a.rowID)
    }

    /// The SQL condition "comes after `after`", in ``precedes(_:_:)``'s order, for a query
    /// selecting `rank`, `created_at` and `id`, with the values of its parameters (`:afterRank`,
    /// `:afterCreatedAt`, `:afterID`): every row follows no position (no rank is negative).
    static func following(_ after: SearchPosition?) -> (sql: String, arguments: SQLArguments) {
        let (rank, createdAt, rowID) = after.map { ($0.rank, -$0.createdAt, -$0.rowID) } ?? (-1, 0, 0)
        return (
            "(rank, -created_at, -id) > (:afterRank, :afterCreatedAt, :afterID)",
            ["afterRank": rank, "afterCreatedAt": createdAt, "afterID": rowID]
        )
    }

    func cursor(owner: UserKey) throws -> String {
        try OpaqueCursor.encode(self, owner: owner)
    }

    /// The position in a cursor this account was handed for `group`; `InvalidCursorError` otherwise.
    static func decode(_ cursor: String?, group: SearchGroup, owner: UserKey) throws -> SearchPosition? {
        guard let cursor else { return nil }
        guard let position = OpaqueCursor.decode(cursor, as: SearchPosition.self, owner: owner), position.group == group
        else { throw InvalidCursorError() }
        return position
    }

    /// The page of `limit` positions following `after` among `candidates` (in any order, each once),
    /// and the position to continue from when more follow.
    static func page(of candidates: [SearchPosition], after: SearchPosition?, limit: Int) -> (
        page: ArraySlice<SearchPosition>, next: SearchPosition?
    ) {
        let following = candidates.filter { candidate in after.map { precedes($0, candidate) } ?? true }.sorted(by: precedes)
        return page(ofOrdered: following, limit: limit)
    }

    /// The first `limit` of `positions`, already in the group's order, and the position to
    /// continue from when more follow (a query reads one more than the page to tell).
    static func page(ofOrdered positions: [SearchPosition], limit: Int) -> (page: ArraySlice<SearchPosition>, next: SearchPosition?) {
        let page = positions.prefix(limit)
        return (page, positions.count > limit ? page.last : nil)
    }
}
