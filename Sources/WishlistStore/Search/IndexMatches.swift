import WishlistCore

/// What one read of a search index found: the row ids a search ranks, as a JSON array, and how
/// many rows matched, counted up to one past `SearchPage.totalBound`.
struct IndexMatches {
    let candidates: String
    let counted: Int

    /// The newest rows of an owner-scoped index that match `pattern`, up to one past the count
    /// bound: the first `WishRepository.searchCandidateLimit` are a search's candidates and their
    /// number is its count, so that the index is read once (reading it twice, to rank and to count,
    /// cost a third of a journal search's time on SQLite).
    static func newest(in index: SearchIndex, _ pattern: SearchPattern, _ db: any SQLConnection) throws -> IndexMatches {
        let limit = WishRepository.searchCandidateLimit
        let matching = index.matching(pattern, named: "pattern", db.dialect)
        let rowIDs: [Int64] = try db.query(
            "SELECT id FROM (\(matching.sql)) AS matching ORDER BY id DESC LIMIT :limit",
            matching.arguments + ["limit": max(limit, SearchPage<Wish>.totalBound + 1)]
        ).map { try $0["id"] }
        return IndexMatches(candidates: rowIDs.prefix(limit).jsonArray, counted: rowIDs.count)
    }

    /// How many rows of an index match `pattern`, counted up to one past the count bound.
    static func count(in index: SearchIndex, _ pattern: SearchPattern, _ db: any SQLConnection) throws -> Int {
        let matching = index.matching(pattern, named: "pattern", db.dialect)
        return try db.scalar(
            "SELECT count(*) FROM (SELECT id FROM (\(matching.sql)) AS matching LIMIT :bound) AS counted",
            matching.arguments + ["bound": SearchPage<Wish>.totalBound + 1]) ?? 0
    }
}
