import Foundation
import WishlistCore

extension WishRepository {
    /// How many matches of each kind a search looks at before ranking them: the most recently added
    /// ones. Bounds the work of a one-letter search in a million wishes; below it, ranking is exact.
    static let searchCandidateLimit = 1_000
    /// How many matching tags a tag search reads wishes of.
    static let searchTagLimit = 20
    /// The groups of search that are wishes, in the order they rank.
    static let searchGroups: [SearchGroup] = [.byName, .byTag, .byText]

    /// The wish groups of the all-groups search that `query.groups` asks for, each a first page of
    /// `query.limit` with its total; the others empty. Recording the search is the caller's choice.
    public func search(_ query: SearchQuery, owner: UserKey) throws -> WishSearchResult {
        try database.read { db in try db.perform(Self.search(query, owner: owner, db.dialect)) }
    }

    /// Every wish group's first page of 50, as the all-groups search answers them.
    public func search(_ text: String, owner: UserKey) throws -> WishSearchResult {
        try search(SearchQuery(text: text), owner: owner)
    }

    /// One page of `byName`, `byTag` or `byText`, after `query.cursor`.
    public func searchPage(_ group: SearchGroup, _ query: SearchQuery, owner: UserKey) throws -> SearchPage<Wish> {
        try database.read { db in try db.perform(Self.searchPage(group, query, owner: owner, db.dialect)) }
    }

    /// ``search(_:owner:)`` as rounds of statements, the groups read side by side, so that the
    /// other groups of the same answer can go with them.
    static func search(_ query: SearchQuery, owner: UserKey, _ dialect: SQLDialect) throws -> StatementRounds<WishSearchResult> {
        var read = StatementRounds.done(WishSearchResult(query: query.text))
        for group in searchGroups where query.groups.contains(group) {
            let page = try searchPage(group, query.text, after: nil, limit: query.limit, owner: owner, dialect)
            read = read.and(page) { result, page in
                switch group {
                case .byName: (result.byName, result.paging.byName) = (page.items, page.summary)
                case .byTag: (result.byTag, result.paging.byTag) = (page.items, page.summary)
                default: (result.byText, result.paging.byText) = (page.items, page.summary)
                }
            }
        }
        return read
    }

    /// ``searchPage(_:_:owner:)`` as rounds of statements.
    static func searchPage(_ group: SearchGroup, _ query: SearchQuery, owner: UserKey, _ dialect: SQLDialect) throws
        -> StatementRounds<SearchPage<Wish>>
    {
        let after = try SearchPosition.decode(query.cursor, group: group, owner: owner)
        return try searchPage(group, query.text, after: after, limit: query.limit, owner: owner, dialect)
    }

    private static func searchPage(
        _ group: SearchGroup, _ query: String, after: SearchPosition?, limit: Int, owner: UserKey, _ dialect: SQLDialect
    ) throws -> StatementRounds<SearchPage<Wish>> {
        switch group {
        case .byName: searchNames(query, after: after, limit: limit, owner: owner, dialect)
        case .byTag: searchTags(query, after: after, limit: limit, owner: owner, dialect)
        case .byText: searchText(query, after: after, limit: limit, owner: owner, dialect)
        default:
            throw ValidationError(field: "group", code: "invalid_group", message: "\(group.rawValue) is not a group of wishes.")
        }
    }

    /// Names: an exact name first (rank 0), then names that start with the query (1), then names
    /// containing every query word anywhere (2, mid-word too, so "신발" finds "운동신발"); newest
    /// first within each. Every name that starts with the query also contains its words, so the
    /// name index counts the whole group. SQLite ranks the bounded candidates and hands back only
    /// the page's rows: decoding all thousand in Swift doubled the time of a search.
    private static func searchNames(
        _ query: String, after: SearchPosition?, limit: Int, owner: UserKey, _ dialect: SQLDialect
    ) -> StatementRounds<SearchPage<Wish>> {
        let key = SearchGrams.bindable(SearchGrams.key(query))
        // Every text that starts with `key` sorts between it and `key` + the last code point.
        let prefixEnd = key + "\u{10FFFF}"
        let pattern = SearchGrams.pattern(query: query, owner: owner)
        var prefixed = StatementRounds.done((rows: [SearchPosition](), count: 0))
        if (after?.rank ?? 0) < 2 {
            let following = SearchPosition.following(after)
            let prefixArguments: SQLArguments = [
                "key": key, "owner": owner.rawValue, "prefixEnd": prefixEnd, "candidates": searchCandidateLimit
            ]
            // The page and the count of the names starting with the query, in one round.
            prefixed = StatementRounds.answers([
                (
                    """
                    SELECT id, created_at, rank FROM (
                        SELECT id, created_at, CASE WHEN name_key = :key THEN 0 ELSE 1 END AS rank FROM wishes
                        WHERE owner_id = :owner AND \(startsWithQuery("name_key")) ORDER BY name_key LIMIT :candidates
                    ) AS prefixed WHERE \(following.sql) ORDER BY rank, created_at DESC, id DESC LIMIT :limit
                    """,
                    following.arguments + prefixArguments + ["limit": limit + 1]
                ),
                (
                    """
                    SELECT count(*) AS prefixed FROM (
                        SELECT 1 FROM wishes WHERE owner_id = :owner AND \(startsWithQuery("name_key")) LIMIT :candidates
                    ) AS prefixed
                    """,
                    prefixArguments
                )
            ]).map { answers in (rows: try positions(in: answers[0], group: .byName), count: try answers[1].first?["prefixed"] ?? 0) }
        }
        return prefixed.then { prefixed in
            // The names starting with the query are some of the matches: when they fill the bound
            // the total is capped without asking the index (a one-letter count costs 80 ms at a
            // million).
            guard prefixed.count < searchCandidateLimit, let pattern else {
                let counted = prefixed.count >= searchCandidateLimit ? SearchPage<Wish>.totalBound + 1 : prefixed.count
                return pageOfWishes(prefixed.rows, limit: limit, counted: .done(counted), owner: owner, dialect)
            }
            // Only needed once the names starting with the query run out; counted in any case.
            let rows = prefixed.rows
            return namesInside(
                pattern, key: key, prefixEnd: prefixEnd, after: after?.rank == 2 ? after : nil,
                limit: rows.count <= limit ? limit + 1 - rows.count : 0, owner: owner, dialect
            ).then { inside in
                pageOfWishes(rows + inside.positions, limit: limit, counted: .done(inside.counted), owner: owner, dialect)
            }
        }
    }

    /// The names containing every word of the query but not starting with it (rank 2) among the
    /// newest `searchCandidateLimit` matches of the name index, newest first after `after`, at
    /// most `limit` of them; and how many names match in all, up to one past the count bound.
    private static func namesInside(
        _ pattern: SearchPattern, key: String, prefixEnd: String, after: SearchPosition?, limit: Int, owner: UserKey,
        _ dialect: SQLDialect
    ) -> StatementRounds<(positions: [SearchPosition], counted: Int)> {
        let following = SearchPosition.following(after)
        let arguments = following.arguments + ["key": key, "prefixEnd": prefixEnd, "limit": limit]
        switch dialect {
        case .sqlite:
            return IndexMatches.newest(in: .wishNames, pattern, dialect).then { matches in
                guard limit > 0 else { return .done(([], matches.counted)) }
                // The matches come first (SQLite's CROSS JOIN keeps that order): otherwise SQLite may
                // walk every wish by date looking for them.
                return StatementRounds.rows(
                    """
                    SELECT id, created_at, rank FROM (
                        SELECT w.id, w.created_at, 2 AS rank
                        FROM (\(dialect.members(ofJSONArray: ":candidates", as: .integer))) m \(dialect.joinInOrder) wishes w
                            ON w.id = m.value
                        WHERE w.owner_id = :owner AND NOT (\(startsWithQuery("w.name_key")))
                    ) AS inside WHERE \(following.sql) ORDER BY created_at DESC, id DESC LIMIT :limit
                    """,
                    arguments + ["candidates": matches.candidates, "owner": owner.rawValue]
                ).map { rows in (try positions(in: rows, group: .byName), matches.counted) }
            }
        case .postgres:
            return IndexMatches.rankedOnPostgres(
                in: .wishNames, pattern,
                page: """
                    SELECT id, created_at, rank FROM (
                        SELECT id, created_at, 2 AS rank FROM candidates WHERE NOT (\(startsWithQuery("name_key")))
                    ) AS inside WHERE \(following.sql) ORDER BY created_at DESC, id DESC LIMIT :limit
                    """, arguments, dialect
            ).map { ranked in (try positions(in: ranked.rows, group: .byName), ranked.counted) }
        }
    }

    /// The condition that the name key `column` starts with the query's key: it sorts between
    /// `:key` and `:prefixEnd`.
    private static func startsWithQuery(_ column: String) -> String {
        "\(column) >= :key AND \(column) < :prefixEnd"
    }

    /// The positions of `group` in rows of `id`, `created_at` and `rank`.
    static func positions(in rows: [SQLRow], group: SearchGroup) throws -> [SearchPosition] {
        try rows.map { row in
            SearchPosition(group: group, rank: try row["rank"], createdAt: try row["created_at"], rowID: try row["id"])
        }
    }

    /// Tags: wishes with the tag itself first (rank 0), then with a tag starting with the query (1),
    /// then with a tag containing it (2); newest first within each. A wish with several matching
    /// tags is listed once, under its best.
    private static func searchTags(
        _ query: String, after: SearchPosition?, limit: Int, owner: UserKey, _ dialect: SQLDialect
    ) -> StatementRounds<SearchPage<Wish>> {
        let key = SearchGrams.bindable(Tag.key(query))
        let position = dialect.position(of: ":key", in: "tag_key")
        return StatementRounds.rows(
            """
            SELECT tag_key, count FROM tags WHERE owner_id = :owner AND \(position) > 0
            ORDER BY tag_key = :key DESC, \(position) = 1 DESC, count DESC, tag_key LIMIT :limit
            """,
            ["owner": owner.rawValue, "key": key, "limit": searchTagLimit]
        ).then { rows in
            let tags = try rows.map { TagCount(key: try $0["tag_key"], count: try $0["count"]) }
            let ranks = tags.map { ($0.key, $0.key == key ? 0 : $0.key.hasPrefix(key) ? 1 : 2) }
            let ranked = ranks.filter { $0.1 >= (after?.rank ?? 0) }
            // The newest wishes of each tag after the cursor come straight off the key of
            // wish_tags, leaving out those a better-ranked tag lists (looked up by full key: written
            // as a join, SQLite walked every tag row of the account, 15 s at a million); all tags in
            // one round, with the count; merged by rank, then by date.
            let newest = try ranked.map { tagKey, rank in
                let from = after?.rank == rank ? after : nil
                let better = ranks.filter { $0.1 < rank }.map(\.0)
                return (
                    sql: """
                    SELECT created_at, wish_id FROM wish_tags t
                    WHERE owner_id = :owner AND tag_key = :tag AND (created_at, wish_id) < (:beforeCreatedAt, :beforeID)
                      AND NOT EXISTS (
                        SELECT 1 FROM wish_tags o
                        WHERE o.owner_id = :owner AND o.tag_key IN (\(dialect.members(ofJSONArray: ":betterTags", as: .text)))
                            AND o.created_at = t.created_at AND o.wish_id = t.wish_id)
                    ORDER BY created_at DESC, wish_id DESC LIMIT :limit
                    """,
                    arguments: [
                        "owner": owner.rawValue, "tag": tagKey, "beforeCreatedAt": from?.createdAt ?? Int64.max,
                        "beforeID": from?.rowID ?? Int64.max, "betterTags": try TagsColumn.text(of: better), "limit": limit + 1
                    ] as SQLArguments
                )
            }
            return StatementRounds.answers(newest).and(try countTagged(tags, owner: owner, dialect)).then { answers, counted in
                var candidates = Set<SearchPosition>()
                for ((_, rank), rows) in zip(ranked, answers) {
                    for row in rows {
                        candidates.insert(
                            SearchPosition(group: .byTag, rank: rank, createdAt: try row["created_at"], rowID: try row["wish_id"]))
                    }
                }
                let (page, next) = SearchPosition.page(of: Array(candidates), after: after, limit: limit)
                return pageOfWishes(page, next: next, counted: .done(counted), owner: owner, dialect)
            }
        }
    }

    /// A matching tag and how many of the account's wishes carry it (`tags.count`).
    private struct TagCount {
        let key: String
        let count: Int
    }

    /// How many wishes carry any of `tags`, counted up to one past `SearchPage.totalBound`. One tag,
    /// or one tag past the bound, settles it from `tags.count`; only several smaller tags need
    /// their wishes read, since a wish may carry more than one (reading a thousand was a seventh
    /// of a tag search at a million wishes).
    private static func countTagged(_ tags: [TagCount], owner: UserKey, _ dialect: SQLDialect) throws -> StatementRounds<Int> {
        let bound = SearchPage<Wish>.totalBound + 1
        let largest = tags.map(\.count).max() ?? 0
        if tags.count <= 1 || largest >= bound { return .done(min(largest, bound)) }
        return StatementRounds.rows(
            """
            SELECT count(*) AS tagged FROM (
                SELECT DISTINCT wish_id FROM wish_tags
                WHERE owner_id = :owner AND tag_key IN (\(dialect.members(ofJSONArray: ":tags", as: .text))) LIMIT :bound
            ) AS tagged
            """,
            ["owner": owner.rawValue, "tags": try TagsColumn.text(of: tags.map(\.key)), "bound": bound]
        ).map { try $0.first?["tagged"] ?? 0 }
    }

    /// Memo and site: wishes whose memo or link's site has a word starting with every query word
    /// ("가방" finds "가방을", "musinsa" finds musinsa.com), most recently added first. Paged
    /// straight off the index by row id, so every match can be reached.
    private static func searchText(
        _ query: String, after: SearchPosition?, limit: Int, owner: UserKey, _ dialect: SQLDialect
    ) -> StatementRounds<SearchPage<Wish>> {
        guard let pattern = SearchGrams.textPattern(query: query, owner: owner) else {
            return .done(SearchPage(items: [], nextCursor: nil, counted: 0))
        }
        let newest = SearchIndex.wishTexts.newest(
            pattern, named: "pattern", before: after?.rowID ?? Int64.max, limit: limit + 1, dialect)
        return StatementRounds.rows(
            """
            SELECT w.id FROM (\(newest.sql)) m \(dialect.joinInOrder) wishes w ON w.id = m.id
            WHERE w.owner_id = :owner ORDER BY w.id DESC
            """,
            newest.arguments + ["owner": owner.rawValue]
        ).then { rows in
            let candidates = try rows.map { row in SearchPosition(group: .byText, rank: 0, createdAt: 0, rowID: try row["id"]) }
            // A first page with no next one holds every match: its length is the count.
            let counted =
                after == nil && candidates.count <= limit
                ? .done(candidates.count) : IndexMatches.count(in: .wishTexts, pattern, dialect)
            return pageOfWishes(candidates, limit: limit, counted: counted, owner: owner, dialect)
        }
    }

    /// The first `limit` of `positions`, in their order, as a page of wishes with its cursor and count.
    private static func pageOfWishes(
        _ positions: [SearchPosition], limit: Int, counted: StatementRounds<Int>, owner: UserKey, _ dialect: SQLDialect
    ) -> StatementRounds<SearchPage<Wish>> {
        let (page, next) = SearchPosition.page(ofOrdered: positions, limit: limit)
        return pageOfWishes(page, next: next, counted: counted, owner: owner, dialect)
    }

    /// The page's wishes, in its order, with its cursor and count (read in the same round).
    private static func pageOfWishes(
        _ page: ArraySlice<SearchPosition>, next: SearchPosition?, counted: StatementRounds<Int>, owner: UserKey,
        _ dialect: SQLDialect
    ) -> StatementRounds<SearchPage<Wish>> {
        wishes(rowIDs: page.map(\.rowID), owner: owner, dialect).and(counted).map { wishes, counted in
            SearchPage(items: wishes, nextCursor: try next?.cursor(owner: owner), counted: counted)
        }
    }
}
