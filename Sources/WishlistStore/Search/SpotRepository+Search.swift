import WishlistCore

extension SpotRepository {
    /// One page of the spots group of `GET /api/v1/search`, as rounds of statements (so that it
    /// reads the snapshot of the other groups, and goes with them): the spots list's search (a matching work
    /// or artist first) with its cursor, and how many spots match, counted up to the bound from the
    /// matches' row ids, as the list reads them (unless the first page holds them all), by the
    /// list's own statement on PostgreSQL.
    static func search(_ query: SearchQuery, owner: UserKey, _ dialect: SQLDialect) throws -> StatementRounds<SearchPage<Spot>> {
        let after = try query.cursor.map(position)
        return try list(
            SpotQuery(text: query.text, limit: query.limit, cursor: query.cursor), after: after,
            countingUpTo: SearchPage<Spot>.totalBound + 1, owner: owner, dialect
        ).then { page, listedCount in
            if let listedCount {
                return .done(SearchPage(items: page.items, nextCursor: page.nextCursor, counted: listedCount))
            }
            // A first page with no next one holds every match: its length is the count.
            if query.cursor == nil && page.nextCursor == nil {
                return .done(SearchPage(items: page.items, nextCursor: nil, counted: page.items.count))
            }
            guard let titles = SearchGrams.pattern(query: query.text, prefix: ""), let spots = spotPattern(query.text) else {
                return .done(SearchPage(items: page.items, nextCursor: page.nextCursor, counted: page.items.count))
            }
            let matches = Self.matches(titles: titles, spots: spots, dialect)
            return StatementRounds.rows(
                "\(matches.sql) SELECT count(*) AS matches FROM (SELECT id FROM matched LIMIT :bound) AS counted",
                matches.arguments + ["bound": SearchPage<Spot>.totalBound + 1]
            ).map { rows in
                SearchPage(items: page.items, nextCursor: page.nextCursor, counted: try rows.first?["matches"] ?? 0)
            }
        }
    }
}
