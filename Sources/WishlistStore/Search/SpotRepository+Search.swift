import WishlistCore

extension SpotRepository {
    /// One page of the spots group of `GET /api/v1/search`, on a connection the caller holds (so
    /// that it reads the snapshot of the other groups): the spots list's search (a matching work
    /// or artist first) with its cursor, and how many spots match, counted up to the bound from the
    /// matches' row ids, as the list reads them (unless the first page holds them all), by the
    /// list's own statement on PostgreSQL.
    static func search(_ query: SearchQuery, owner: UserKey, _ db: any SQLConnection) throws -> SearchPage<Spot> {
        let after = try query.cursor.map(position)
        let (page, listedCount) = try list(
            SpotQuery(text: query.text, limit: query.limit, cursor: query.cursor), after: after,
            countingUpTo: SearchPage<Spot>.totalBound + 1, owner: owner, db)
        if let listedCount {
            return SearchPage(items: page.items, nextCursor: page.nextCursor, counted: listedCount)
        }
        // A first page with no next one holds every match: its length is the count.
        if query.cursor == nil && page.nextCursor == nil {
            return SearchPage(items: page.items, nextCursor: nil, counted: page.items.count)
        }
        guard let titles = SearchGrams.pattern(query: query.text, prefix: ""), let spots = spotPattern(query.text) else {
            return SearchPage(items: page.items, nextCursor: page.nextCursor, counted: page.items.count)
        }
        let matches = Self.matches(titles: titles, spots: spots, db.dialect)
        let counted: Int =
            try db.scalar(
                "\(matches.sql) SELECT count(*) FROM (SELECT id FROM matched LIMIT :bound) AS counted",
                matches.arguments + ["bound": SearchPage<Spot>.totalBound + 1]) ?? 0
        return SearchPage(items: page.items, nextCursor: page.nextCursor, counted: counted)
    }
}
