import SQLite
import WishlistCore

extension SpotRepository {
    /// One page of the spots group of `GET /api/v1/search`: the spots list's search (a matching
    /// work or artist first) with its cursor, and how many spots match, counted up to the bound
    /// from the matches' row ids, as the list reads them (unless the first page holds them all).
    public func search(_ query: SearchQuery, owner: UserKey) throws -> SearchPage<Spot> {
        let page = try list(SpotQuery(text: query.text, limit: query.limit, cursor: query.cursor), owner: owner)
        // A first page with no next one holds every match: its length is the count.
        if query.cursor == nil && page.nextCursor == nil {
            return SearchPage(items: page.items, nextCursor: nil, counted: page.items.count)
        }
        guard let titles = SearchGrams.pattern(query: query.text, prefix: ""), let spots = Self.spotPattern(query.text) else {
            return SearchPage(items: page.items, nextCursor: page.nextCursor, counted: page.items.count)
        }
        let counted: Int = try pool.read { db in
            try db.scalar(
                """
                SELECT count(*) FROM (
                    SELECT rowid FROM spot_search WHERE spot_search MATCH ?2
                    UNION SELECT s.id FROM (SELECT rowid FROM spot_title_search WHERE spot_title_search MATCH ?1) t
                        CROSS JOIN spots s ON s.title_id = t.rowid
                    LIMIT ?3
                )
                """,
                [titles, spots, SearchPage<Spot>.totalBound + 1]) ?? 0
        }
        return SearchPage(items: page.items, nextCursor: page.nextCursor, counted: counted)
    }
}
