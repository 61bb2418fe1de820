import WishlistCore

extension JournalRepository {
    /// One page of the account's entries, newest day first and, within a day, newest created first;
    /// only hearted ones, or only those mentioning one wish, when `query` says so.
    ///
    /// Keyset pages, like the wish list's: the cursor holds the sort key of the last entry shown, so
    /// an entry added or deleted meanwhile never shifts a page, and each page is read straight off
    /// `journal_by_day` (or its hearted half) without sorting.
    public func list(_ query: JournalListQuery, owner: UserKey) throws -> Page<JournalEntry> {
        let cursor = try query.cursor.map { text throws(InvalidCursorError) in
            try Cursor(decoding: text, owner: owner, query: query)
        }
        return try database.read { db in
            var arguments: SQLArguments = ["owner": owner.rawValue, "limit": query.limit + 1]
            var sql = "SELECT \(Self.columns) FROM "
            if let wish = query.mentioning {
                guard
                    let wishRowID: Int64 = try db.scalar(
                        "SELECT id FROM wishes WHERE uuid = :uuid AND owner_id = :owner",
                        ["uuid": wish.lowercasedString, "owner": owner.rawValue])
                else { throw NotFoundError("wish") }
                // A wish is mentioned by a few entries: find them first, then sort those.
                sql += """
                    journal_mentions m \(db.dialect.joinInOrder) journal_entries e ON e.id = m.entry_id
                    WHERE m.wish_id = :wish AND e.owner_id = :owner
                    """
                arguments += ["wish": wishRowID]
            } else {
                sql += "journal_entries e WHERE e.owner_id = :owner"
            }
            // A literal test, not a parameter, so that each engine can use the partial hearted index.
            if let hearted = query.hearted {
                sql += " AND " + db.dialect.test("e.hearted", is: hearted)
            }
            if let cursor {
                sql += " AND (e.day, e.created_at, e.id) < (:day, :createdAt, :id)"
                arguments += ["day": cursor.day, "createdAt": cursor.createdAt, "id": cursor.rowID]
            }
            sql += " ORDER BY e.day DESC, e.created_at DESC, e.id DESC LIMIT :limit"
            let (rows, details) = try Self.page((sql, arguments), db)
            return try Page(rows: rows, limit: query.limit, items: { try Self.entries(from: $0, details: details) }) { last in
                try Cursor(
                    after: try last["id"], day: try last["day"], createdAt: try last["created_at"], query: query
                ).encoded(owner: owner)
            }
        }
    }
}
