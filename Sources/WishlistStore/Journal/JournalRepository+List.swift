import SQLite
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
        return try pool.read { db in
            var arguments: [any SQLiteBindable] = []
            var sql = "SELECT \(Self.columns) FROM "
            if let wish = query.mentioning {
                guard
                    let wishRowID: Int64 = try db.scalar(
                        "SELECT id FROM wishes WHERE uuid = ? AND owner_id = ?", [wish.lowercasedString, owner.rawValue])
                else { throw NotFoundError("wish") }
                // A wish is mentioned by a few entries: find them first, then sort those.
                sql += "journal_mentions m CROSS JOIN journal_entries e ON e.id = m.entry_id WHERE m.wish_id = ? AND e.owner_id = ?"
                arguments += [wishRowID, owner.rawValue]
            } else {
                sql += "journal_entries e WHERE e.owner_id = ?"
                arguments.append(owner.rawValue)
            }
            // Literal 1 / 0, not a parameter, so that SQLite can use the partial hearted index.
            if let hearted = query.hearted {
                sql += hearted ? " AND e.hearted = 1" : " AND e.hearted = 0"
            }
            if let cursor {
                sql += " AND (e.day, e.created_at, e.id) < (?, ?, ?)"
                arguments += [cursor.day, cursor.createdAt, cursor.rowID]
            }
            sql += " ORDER BY e.day DESC, e.created_at DESC, e.id DESC LIMIT ?"
            arguments.append(query.limit + 1)
            let rows = try db.query(sql, arguments)
            return try Page(rows: rows, limit: query.limit, items: { try Self.entries(from: $0, db) }) { last in
                try Cursor(
                    after: try last["id"], day: try last["day"], createdAt: try last["created_at"], query: query
                ).encoded(owner: owner)
            }
        }
    }
}
