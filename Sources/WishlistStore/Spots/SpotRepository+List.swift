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
        return try database.read { db in
            try db.perform(Self.list(query, after: after, countingUpTo: nil, owner: owner, db.dialect)).page
        }
    }

    /// ``list(_:owner:)`` after the position of a cursor already read, as rounds of statements; and
    /// with search text and `bound` on PostgreSQL, how many spots match, counted up to `bound`, by
    /// the same statement (nil otherwise: the caller counts).
    ///
    /// PostgreSQL reads the matches once for both: each match is a visit of its table's page.
    /// SQLite's FTS5 hands back its matches from the index alone, so there the count stays a
    /// statement of its own.
    static func list(
        _ query: SpotQuery, after: Position?, countingUpTo bound: Int?, owner: UserKey, _ dialect: SQLDialect
    ) -> StatementRounds<(page: Page<Spot>, counted: Int?)> {
        let after = after ?? Position(rank: -1, count: 0, rowID: 0)
        let joins = Self.joins(owner: owner)
        let page: (sql: String, arguments: SQLArguments)
        var counting: Int?
        if let text = query.text {
            guard let titles = SearchGrams.pattern(query: text, prefix: ""), let spots = Self.spotPattern(text) else {
                return .done((Page(items: [], nextCursor: nil), bound.map { _ in 0 }))
            }
            page = Self.matchingPage(query, titles: titles, spots: spots, after: after, dialect)
            counting = dialect == .postgres ? bound : nil
        } else {
            // Without search text every spot ranks 0.
            page = (
                """
                WITH page AS (
                    SELECT s.id, 0 AS rank FROM spots s JOIN spot_titles t ON t.id = s.title_id
                    WHERE (CAST(:title AS TEXT) IS NULL OR t.title = :title) AND (CAST(:type AS TEXT) IS NULL OR t.type = :type)
                      AND (CAST(:placeType AS TEXT) IS NULL OR s.place_type = :placeType) AND s.id > :afterID
                    ORDER BY s.id LIMIT :limit)
                """,
                ([
                    "title": query.title, "type": query.type?.rawValue, "placeType": query.placeType, "afterID": after.rowID,
                    "limit": query.limit + 1
                ] as SQLArguments).decidingThePlan
            )
        }
        let listed = """
            SELECT \(columns), c.rank FROM page c \(dialect.joinInOrder) spots s ON s.id = c.id \(joins.sql)
            ORDER BY c.rank, c.id
            """
        let read: StatementRounds<(rows: [SQLRow], counted: Int?)>
        if let counting {
            // `matched`, named twice, is made once.
            let count = "SELECT count(*) AS matches FROM (SELECT id FROM matched LIMIT :bound) AS bounded"
            read = StatementRounds.rows(
                "\(page.sql)\n\(CountedPage.select(count: count, page: listed, orderedBy: "page.rank, page.id"))",
                page.arguments + joins.arguments + ["bound": counting]
            ).map { rows in
                let counted = try CountedPage(rows)
                return (counted.rows, counted.counted)
            }
        } else {
            read = StatementRounds.rows("\(page.sql)\n\(listed)", page.arguments + joins.arguments).map { ($0, nil) }
        }
        return read.map { rows, counted in
            let items = rows.prefix(query.limit)
            let next =
                try rows.count > query.limit
                ? items.last.map { row in
                    Position(rank: try row["rank"], count: 0, rowID: try row["id"])
                } : nil
            return (
                Page(
                    items: try items.map(spot(from:)),
                    nextCursor: try next.map { try OpaqueCursor.encode($0, owner: sharedOwner) }),
                counted
            )
        }
    }

    /// The WITH clause of one page of a spot search, `page` (`id`, `rank`), with its arguments: the
    /// matches (``matches(titles:spots:_:)``) after `after`, in their order, and the filters the
    /// query has. Only the page's spots are then read: joining every match before taking the page
    /// cost PostgreSQL 3 ms for the 743 spots of "카페" and 20 ms for the 7,158 of "서울".
    private static func matchingPage(
        _ query: SpotQuery, titles: SearchPattern, spots: SearchPattern, after: Position, _ dialect: SQLDialect
    ) -> (sql: String, arguments: SQLArguments) {
        let matches = Self.matches(titles: titles, spots: spots, dialect)
        var filters: [String] = []
        var arguments: SQLArguments = ["afterRank": after.rank, "afterID": after.rowID, "limit": query.limit + 1]
        if let title = query.title {
            filters.append("t.title = :title")
            arguments += ["title": title]
        }
        if let type = query.type {
            filters.append("t.type = :type")
            arguments += ["type": type.rawValue]
        }
        if let placeType = query.placeType {
            filters.append("s.place_type = :placeType")
            arguments += ["placeType": placeType]
        }
        // The filters' spots and titles are joined only when there are filters.
        let filterJoins = filters.isEmpty ? "" : "JOIN spots s ON s.id = c.id JOIN spot_titles t ON t.id = s.title_id"
        let conditions = (filters + ["(c.rank, c.id) > (:afterRank, :afterID)"]).joined(separator: " AND ")
        return (
            """
            \(matches.sql),
                 page AS (
                    SELECT c.id, c.rank FROM matched c \(filterJoins) WHERE \(conditions)
                    ORDER BY c.rank, c.id LIMIT :limit)
            """,
            matches.arguments + arguments
        )
    }

    /// The WITH clause of a spot search's matches: `matched_titles` (`id`: the titles or aliases
    /// matching `titles`) and `matched` (`id`, `rank`: the spots whose own texts match `spots`,
    /// rank 1, and the spots of those titles, rank 0), with its arguments.
    ///
    /// On PostgreSQL a search of one word is planned once: the GIN indexes find its matches
    /// whatever their number, and planning each run cost more than it saved (카페: 1,430 answers a
    /// second against 940, 서울 230 against 200). With more words, how many each matches decides
    /// which to look up first ("bts 서울": 1,375 a second planned for its values, 470 on one plan).
    static func matches(titles: SearchPattern, spots: SearchPattern, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        let titleMatches = SearchIndex.spotTitles.matching(titles, named: "titlePattern", dialect)
        let spotMatches = SearchIndex.spots.matching(spots, named: "spotPattern", dialect)
        return (
            """
            WITH matched_titles AS (\(titleMatches.sql)),
                 matched AS (
                    SELECT id, min(rank) AS rank FROM (
                        SELECT id, 1 AS rank FROM (\(spotMatches.sql)) AS own
                        UNION ALL SELECT m.id, 0 FROM matched_titles t \(dialect.joinInOrder) spots m ON m.title_id = t.id) AS found
                    GROUP BY id)
            """,
            spots.tsqueries.count == 1
                ? (titleMatches.arguments + spotMatches.arguments).plannedOnce
                : titleMatches.arguments + spotMatches.arguments
        )
    }

    /// The pattern of a search in `spot_search`: every query word inside the place name (its
    /// bigrams: FTS5's column `grams`, PostgreSQL's lexemes marked `SpotLexeme.name`) or starting
    /// a word of the description or address (`words`, lexemes marked `SpotLexeme.word`).
    static func spotPattern(_ text: String) -> SearchPattern? {
        SearchGrams.pattern(query: text) { word in
            guard let inName = SearchGrams.phrase(word, prefix: ""),
                let inMarkedName = SearchGrams.phrase(word, prefix: SpotLexeme.name),
                let wordStart = FTS5Pattern(matchingAllTokensIn: String(word), prefix: true)
            else { return nil }
            return SearchPattern.Word(
                fts5: "(grams : \(inName.fts5) OR words : \(wordStart))",
                tsquery: "((\(inMarkedName.tsquery)) | \(SearchVector.prefix(SpotLexeme.word + word)))")
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
