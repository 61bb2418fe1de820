import WishlistCore

/// What one read of a search index found: the row ids a search ranks, as a JSON array, and how
/// many rows matched, counted up to one past `SearchPage.totalBound`.
struct IndexMatches {
    let candidates: String
    let counted: Int

    /// How many of the newest matches are read: the candidates, or one past the count bound.
    private static let newestBound = max(WishRepository.searchCandidateLimit, SearchPage<Wish>.totalBound + 1)

    /// The newest rows of an owner-scoped index that match `pattern`, up to one past the count
    /// bound: the first `WishRepository.searchCandidateLimit` are a search's candidates and their
    /// number is its count, so that the index is read once (reading it twice, to rank and to count,
    /// cost a third of a journal search's time on SQLite).
    static func newest(in index: SearchIndex, _ pattern: SearchPattern, _ dialect: SQLDialect) -> StatementRounds<IndexMatches> {
        let newest = index.newest(pattern, named: "pattern", limit: newestBound, dialect)
        return StatementRounds.rows(newest.sql, newest.arguments).map { rows in
            let rowIDs: [Int64] = try rows.map { try $0["id"] }
            return IndexMatches(candidates: rowIDs.prefix(WishRepository.searchCandidateLimit).jsonArray, counted: rowIDs.count)
        }
    }

    /// PostgreSQL's ``newest(in:_:_:)`` and the ranking of its candidates in one statement that
    /// reads no record, since the index's entries carry what ranks them (`SearchIndex.rankColumns`).
    /// `page` selects the page's rows, `id` among them, from `candidates`: the newest
    /// `WishRepository.searchCandidateLimit` matches with their rank columns. Answers those rows
    /// and how many rows match, counted up to one past the count bound.
    static func rankedOnPostgres(
        in index: SearchIndex, _ pattern: SearchPattern, page: String, _ arguments: SQLArguments, _ dialect: SQLDialect
    ) -> StatementRounds<CountedPage> {
        let newest = index.newest(pattern, named: "pattern", limit: newestBound, selectingRanks: true, dialect)
        return StatementRounds.rows(
            """
            WITH matches AS MATERIALIZED (\(newest.sql)),
            candidates AS (SELECT * FROM matches ORDER BY id DESC LIMIT :candidates)
            \(CountedPage.select(count: "SELECT count(*) AS matches FROM matches", page: page))
            """,
            newest.arguments + arguments + ["candidates": WishRepository.searchCandidateLimit]
        ).map(CountedPage.init)
    }

    /// How many rows of an index match `pattern`, counted up to one past the count bound (the
    /// newest, so that PostgreSQL may stop early as for `newest`).
    static func count(in index: SearchIndex, _ pattern: SearchPattern, _ dialect: SQLDialect) -> StatementRounds<Int> {
        let newest = index.newest(pattern, named: "pattern", limit: SearchPage<Wish>.totalBound + 1, dialect)
        return StatementRounds.rows("SELECT count(*) AS matches FROM (\(newest.sql)) AS counted", newest.arguments).map {
            try $0.first?["matches"] ?? 0
        }
    }
}
