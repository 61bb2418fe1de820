import SQLite
import WishlistCore

extension JournalRepository {
    /// One page of the entries whose title or contents contain every word of the query (mid-word
    /// too, in any script: "가방" in "새 가방을 샀다"), newest day first, after `query.cursor`.
    ///
    /// Looks at the most recently written 1 000 matches, like the wish name search, which bounds
    /// the work of a one-letter search in a hundred thousand entries.
    public func search(_ query: SearchQuery, owner: UserKey) throws -> SearchPage<JournalEntry> {
        let after = try SearchPosition.decode(query.cursor, group: .journal, owner: owner)
        guard let pattern = SearchGrams.pattern(query: query.text, owner: owner) else {
            return SearchPage(items: [], nextCursor: nil, counted: 0)
        }
        return try pool.read { db in
            // The matches come first (CROSS JOIN keeps that order): otherwise SQLite may walk every
            // entry by day looking for them. A day "2026-12-01" ranks as -20261201, so that
            // `SearchPosition`'s order (rank, then newest created) is newest day first.
            let matches = try IndexMatches.newest(in: "journal_search", pattern, db)
            let positions = try WishRepository.positions(
                """
                SELECT id, created_at, rank FROM (
                    SELECT e.id, e.created_at, -CAST(replace(e.day, '-', '') AS INTEGER) AS rank
                    FROM json_each(?1) m CROSS JOIN journal_entries e ON e.id = m.value WHERE e.owner_id = ?2
                ) WHERE \(SearchPosition.following) ORDER BY rank, created_at DESC, id DESC LIMIT ?8
                """,
                [matches.candidates, owner.rawValue, nil as Int?, nil as Int?] + SearchPosition.bindings(after)
                    + [query.limit + 1],
                group: .journal, db)
            let page = positions.prefix(query.limit)
            let rows = page.isEmpty ? [] : try db.query(
                """
                SELECT \(Self.columns) FROM json_each(?) j CROSS JOIN journal_entries e ON e.id = j.value
                WHERE e.owner_id = ? ORDER BY j.key
                """,
                [page.map(\.rowID).jsonArray, owner.rawValue])
            return SearchPage(
                items: try Self.entries(from: rows, db),
                nextCursor: try (positions.count > query.limit ? page.last : nil)?.cursor(owner: owner),
                counted: matches.counted)
        }
    }
}
