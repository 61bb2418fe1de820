import SQLite
import WishlistCore

/// What one read of a search index found: the row ids a search ranks, as a JSON array for
/// `json_each`, and how many rows matched, counted up to one past `SearchPage.totalBound`.
struct IndexMatches {
    let candidates: String
    let counted: Int

    /// The newest rows of an owner-scoped FTS5 index that match `pattern`, up to one past the count
    /// bound: the first `WishRepository.searchCandidateLimit` are a search's candidates and their
    /// number is its count, so that the index is read once (reading it twice, to rank and to count,
    /// cost a third of a journal search's time).
    static func newest(in index: String, _ pattern: String, _ db: Database) throws -> IndexMatches {
        let limit = WishRepository.searchCandidateLimit
        let rowIDs: [Int64] = try db.column(
            "SELECT rowid FROM \(index) WHERE \(index) MATCH ? ORDER BY rowid DESC LIMIT ?",
            [pattern, max(limit, SearchPage<Wish>.totalBound + 1)])
        return IndexMatches(candidates: rowIDs.prefix(limit).jsonArray, counted: rowIDs.count)
    }

    /// How many rows of an FTS5 index match `pattern`, counted up to one past the count bound.
    static func count(in index: String, _ pattern: String, _ db: Database) throws -> Int {
        try db.scalar(
            "SELECT count(*) FROM (SELECT rowid FROM \(index) WHERE \(index) MATCH ? LIMIT ?)",
            [pattern, SearchPage<Wish>.totalBound + 1]) ?? 0
    }
}
