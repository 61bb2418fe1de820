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
        var pattern: String?
        if let text = query.text {
            guard let built = SearchGrams.pattern(query: text, prefix: "") else { return Page(items: [], nextCursor: nil) }
            pattern = built
        }
        let wanted = query.text.map(SearchGrams.compactKey)
        // Without search text every title ranks 0 and SQLite pages them by count; with it, the few
        // matches are ranked here.
        let keyset = pattern == nil ? "AND (-spot_count, id) > (:afterCount, :afterID) ORDER BY spot_count DESC, id LIMIT :limit" : ""
        let keysetArguments: NamedArguments =
            pattern == nil ? ["afterCount": after?.count ?? Int.min, "afterID": after?.rowID ?? 0, "limit": query.limit + 1] : [:]
        var ranked: [(position: Position, title: SpotTitle)] = try pool.read { db in
            try db.query(
                """
                SELECT id, type, title, aliases, spot_count FROM spot_titles
                WHERE (:type IS NULL OR type = :type)
                  AND (:pattern IS NULL OR id IN (SELECT rowid FROM spot_title_search WHERE spot_title_search MATCH :pattern))
                  \(keyset)
                """,
                ["type": query.type?.rawValue, "pattern": pattern] + keysetArguments
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
        var pattern: String?
        if let text {
            guard let built = SearchGrams.pattern(query: text, prefix: "") else { return [:] }
            pattern = built
        }
        return try pool.read { db in
            var counts: [SpotType: Int] = [:]
            try db.forEach(
                """
                SELECT type, count(*) AS titles FROM spot_titles
                WHERE :pattern IS NULL OR id IN (SELECT rowid FROM spot_title_search WHERE spot_title_search MATCH :pattern)
                GROUP BY type
                """,
                ["pattern": pattern]
            ) { row in counts[try Self.type(row["type"])] = try row["titles"] }
            return counts
        }
    }

    /// The spots of a work or artist, a type or a kind of place, in the order of the titles; with
    /// search text, those whose place name, description or address matches, or whose title or an
    /// alias of it does (those first).
    public func list(_ query: SpotQuery, owner: UserKey) throws -> Page<Spot> {
        let after = try query.cursor.map { try Self.position($0) }
        return try pool.read { db in try Self.list(query, after: after, owner: owner, db) }
    }

    /// ``list(_:owner:)`` after the position of a cursor already read, on a connection the caller holds.
    static func list(_ query: SpotQuery, after: Position?, owner: UserKey, _ db: Database) throws -> Page<Spot> {
        let after = after ?? Position(rank: -1, count: 0, rowID: 0)
        var titlePattern: String?
        var spotPattern: String?
        if let text = query.text {
            guard let titles = SearchGrams.pattern(query: text, prefix: ""), let spots = Self.spotPattern(text) else {
                return Page(items: [], nextCursor: nil)
            }
            (titlePattern, spotPattern) = (titles, spots)
        }
        // Without search text every spot ranks 0. With it, the spots are read from the matches'
        // row ids (the spots of a matched title through spots_by_title) rather than by testing
        // every one of the 15,000 spots against both match sets, which cost milliseconds.
        let rank = titlePattern == nil ? "0" : "(s.title_id NOT IN matched_titles)"
        let order = titlePattern == nil ? "s.id" : "\(rank), s.id"
        let source = titlePattern == nil ? "spots s" : "matched c CROSS JOIN spots s ON s.id = c.id"
        let joins = Self.joins(owner: owner)
        let rows = try db.query(
            """
            WITH matched_titles AS (SELECT rowid FROM spot_title_search WHERE spot_title_search MATCH :titlePattern),
                 matched AS (
                    SELECT rowid AS id FROM spot_search WHERE spot_search MATCH :spotPattern
                    UNION SELECT m.id FROM matched_titles t CROSS JOIN spots m ON m.title_id = t.rowid)
            SELECT \(columns), \(rank) AS rank FROM \(source) \(joins.sql)
            WHERE (:title IS NULL OR t.title = :title) AND (:type IS NULL OR t.type = :type)
              AND (:placeType IS NULL OR s.place_type = :placeType)
              AND (\(rank), s.id) > (:afterRank, :afterID)
            ORDER BY \(order) LIMIT :limit
            """,
            joins.arguments + [
                "titlePattern": titlePattern, "spotPattern": spotPattern, "title": query.title, "type": query.type?.rawValue,
                "placeType": query.placeType, "afterRank": after.rank, "afterID": after.rowID, "limit": query.limit + 1
            ])
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

    /// The MATCH expression of a search in `spot_search`: every query word inside the place name
    /// (its bigrams) or starting a word of the description or address.
    static func spotPattern(_ text: String) -> String? {
        SearchGrams.pattern(query: text) { word in
            guard let inName = SearchGrams.phrase(word, prefix: ""),
                let wordStart = FTS5Pattern(matchingAllTokensIn: String(word), prefix: true)
            else { return nil }
            return "(grams : \(inName) OR words : \(wordStart))"
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
