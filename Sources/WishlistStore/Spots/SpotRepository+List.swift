import Foundation
import SQLite
import WishlistCore

extension SpotRepository {
    /// Where a page ended: the rank of its last item (0 when it carries no rank), its spot count
    /// (titles only) and its row.
    struct Position: Codable {
        let rank: Int
        let count: Int
        let rowID: Int64
    }

    /// The works and artists, most spots first; with search text, those whose title or an alias
    /// matches, the title or alias equal to the query first, then starting with it, then the rest.
    public func titles(_ query: SpotQuery, owner: UserKey) throws -> Page<SpotTitle> {
        let after = try query.cursor.map { try Self.position($0) }
        var pattern: SearchPattern?
        if let text = query.text {
            guard let built = SearchGrams.pattern(query: text, prefix: "") else { return Page(items: [], nextCursor: nil) }
            pattern = built
        }
        let wanted = query.text.map(SearchGrams.compactKey)
        var ranked: [(position: Position, title: SpotTitle)] = try database.read { db in
            let condition: (sql: String, arguments: SQLArguments)
            if let pattern {
                // With search text, the few matches are ranked here.
                let matching = SearchIndex.spotTitles.matching(pattern, named: "pattern", db.dialect)
                condition = ("AND id IN (\(matching.sql))", matching.arguments)
            } else {
                // Without it every title ranks 0 and the database pages them by count.
                condition = (
                    "AND (-spot_count, id) > (CAST(:afterCount AS BIGINT), :afterID) ORDER BY spot_count DESC, id LIMIT :limit",
                    ["afterCount": after?.count ?? Int.min, "afterID": after?.rowID ?? 0, "limit": query.limit + 1]
                )
            }
            return try db.query(
                """
                SELECT id, type, title, aliases, spot_count FROM spot_titles
                WHERE (CAST(:type AS TEXT) IS NULL OR type = :type) \(condition.sql)
                """,
                (["type": query.type?.rawValue] as SQLArguments).decidingThePlan + condition.arguments
            ).map { row in
                let title = SpotTitle(
                    title: try row["title"], type: try Self.type(row["type"]),
                    aliases: TagsColumn.tags(in: try row["aliases"]) ?? [], spotCount: try row["spot_count"])
                let keys = ([title.title] + title.aliases).map(SearchGrams.compactKey)
                let rank =
                    wanted.map { wanted in
                        keys.contains(wanted) ? 0 : keys.contains { $0.hasPrefix(wanted) } ? 1 : 2
                    } ?? 0
                return (Position(rank: rank, count: -title.spotCount, rowID: try row["id"]), title)
            }
        }
        ranked.sort { Self.order($0.position) < Self.order($1.position) }
        if let after {
            ranked.removeAll { Self.order($0.position) <= Self.order(after) }
        }
        let page = ranked.prefix(query.limit)
        let next = ranked.count > query.limit ? page.last?.position : nil
        return Page(items: page.map(\.title), nextCursor: try next.map { try OpaqueCursor.encode($0, owner: Self.sharedOwner) })
    }

    /// How many works or artists of each type there are, or with search text, match it as
    /// `titles` matches (a type with none is absent): Discover's categories as filters of a search.
    public func titleCounts(matching text: String?) throws -> [SpotType: Int] {
        var pattern: SearchPattern?
        if let text {
            guard let built = SearchGrams.pattern(query: text, prefix: "") else { return [:] }
            pattern = built
        }
        return try database.read { db in
            let matching = pattern.map { SearchIndex.spotTitles.matching($0, named: "pattern", db.dialect) }
            var counts: [SpotType: Int] = [:]
            for row in try db.query(
                "SELECT type, count(*) AS titles FROM spot_titles \(matching.map { "WHERE id IN (\($0.sql))" } ?? "") GROUP BY type",
                matching?.arguments ?? [:])
            {
                counts[try Self.type(row["type"])] = try row["titles"]
            }
            return counts
        }
    }

    /// The spots of a work or artist, a type or a kind of place, in the order of the titles; with
    /// search text, those whose place name, description or address matches, or whose title or an
    /// alias of it does (those first).
    public func list(_ query: SpotQuery, owner: UserKey) throws -> Page<Spot> {
        let after = try query.cursor.map { try Self.position($0) }
        return try database.read { db in try Self.list(query, after: after, owner: owner, db) }
    }

    /// ``list(_:owner:)`` after the position of a cursor already read, on a connection the caller holds.
    static func list(_ query: SpotQuery, after: Position?, owner: UserKey, _ db: any SQLConnection) throws -> Page<Spot> {
        let after = after ?? Position(rank: -1, count: 0, rowID: 0)
        var matches: (sql: String, arguments: SQLArguments)?
        if let text = query.text {
            guard let titles = SearchGrams.pattern(query: text, prefix: ""), let spots = Self.spotPattern(text) else {
                return Page(items: [], nextCursor: nil)
            }
            matches = Self.matches(titles: titles, spots: spots, db.dialect)
        }
        // Without search text every spot ranks 0. With it, the spots are read from the matches'
        // row ids (the spots of a matched title through spots_by_title) rather than by testing
        // every one of the 15,000 spots against both match sets, which cost milliseconds.
        let rank = matches == nil ? "0" : "CASE WHEN s.title_id IN (SELECT id FROM matched_titles) THEN 0 ELSE 1 END"
        let order = matches == nil ? "s.id" : "rank, s.id"
        let source = matches == nil ? "spots s" : "matched c \(db.dialect.joinInOrder) spots s ON s.id = c.id"
        let joins = Self.joins(owner: owner)
        let rows = try db.query(
            """
            \(matches?.sql ?? "")
            SELECT \(columns), \(rank) AS rank FROM \(source) \(joins.sql)
            WHERE (CAST(:title AS TEXT) IS NULL OR t.title = :title) AND (CAST(:type AS TEXT) IS NULL OR t.type = :type)
              AND (CAST(:placeType AS TEXT) IS NULL OR s.place_type = :placeType)
              AND (\(rank), s.id) > (:afterRank, :afterID)
            ORDER BY \(order) LIMIT :limit
            """,
            (matches?.arguments ?? [:]) + joins.arguments
                + ([
                    "title": query.title, "type": query.type?.rawValue, "placeType": query.placeType, "afterRank": after.rank,
                    "afterID": after.rowID, "limit": query.limit + 1
                ] as SQLArguments).decidingThePlan)
        let page = rows.prefix(query.limit)
        let next =
            try rows.count > query.limit
            ? page.last.map { row in
                Position(rank: try row["rank"], count: 0, rowID: try row["id"])
            } : nil
        return Page(
            items: try page.map(spot(from:)),
            nextCursor: try next.map { try OpaqueCursor.encode($0, owner: sharedOwner) })
    }

    /// The WITH clause of a spot search's matches: `matched_titles` (the titles or aliases
    /// matching `titles`) and `matched` (the spots whose own texts match `spots`, and the spots of
    /// those titles), each a column `id`, with its arguments.
    static func matches(titles: SearchPattern, spots: SearchPattern, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        let titleMatches = SearchIndex.spotTitles.matching(titles, named: "titlePattern", dialect)
        let spotMatches = SearchIndex.spots.matching(spots, named: "spotPattern", dialect)
        return (
            """
            WITH matched_titles AS (\(titleMatches.sql)),
                 matched AS (
                    SELECT id FROM (\(spotMatches.sql)) AS own
                    UNION SELECT m.id FROM matched_titles t \(dialect.joinInOrder) spots m ON m.title_id = t.id)
            """,
            titleMatches.arguments + spotMatches.arguments
        )
    }

    /// The pattern of a search in `spot_search`: every query word inside the place name (its
    /// bigrams: FTS5's column `grams`, PostgreSQL's weight `A`) or starting a word of the
    /// description or address (`words`, weight `B`).
    static func spotPattern(_ text: String) -> SearchPattern? {
        SearchGrams.pattern(query: text) { word in
            guard let inName = SearchGrams.phrase(word, prefix: "", weight: "A"),
                let wordStart = FTS5Pattern(matchingAllTokensIn: String(word), prefix: true)
            else { return nil }
            return SearchPattern.Word(
                fts5: "(grams : \(inName.fts5) OR words : \(wordStart))",
                tsquery: "((\(inName.tsquery)) | \(SearchVector.prefix(String(word), weight: "B")))")
        }
    }

    static func position(_ cursor: String) throws -> Position {
        guard let position = OpaqueCursor.decode(cursor, as: Position.self, owner: sharedOwner) else {
            throw InvalidCursorError()
        }
        return position
    }

    private static func order(_ position: Position) -> (Int, Int, Int64) {
        (position.rank, position.count, position.rowID)
    }
}
