import SQLite
import WishlistCore

extension JournalRepository {
    /// Entries whose title or contents contain every word of the query (mid-word too, in any
    /// script: "가방" in "새 가방을 샀다"), newest day first; at most 50.
    ///
    /// Looks at the most recently written 1 000 matches, like the wish name search, which bounds
    /// the work of a one-letter search in a hundred thousand entries.
    public func search(_ text: String, owner: UserKey) throws -> [JournalEntry] {
        let query = try WishSearchResult.normalizedQuery(text)
        guard let pattern = SearchGrams.pattern(query: query, owner: owner) else { return [] }
        return try pool.read { db in
            // The matches come first (CROSS JOIN keeps that order): otherwise SQLite may walk every
            // entry by day looking for them.
            let rows = try db.query(
                """
                SELECT \(Self.columns) FROM (
                    SELECT rowid FROM journal_search WHERE journal_search MATCH ? ORDER BY rowid DESC LIMIT ?
                ) m CROSS JOIN journal_entries e ON e.id = m.rowid
                WHERE e.owner_id = ?
                ORDER BY e.day DESC, e.created_at DESC, e.id DESC LIMIT ?
                """,
                [pattern, WishRepository.searchCandidateLimit, owner.rawValue, WishSearchResult.groupLimit])
            return try Self.entries(from: rows, db)
        }
    }
}
