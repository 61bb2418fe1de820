import Foundation
import SQLite
import WishlistCore

extension WishRepository {
    /// How many matches of each kind a search looks at before ranking them: the most recently added
    /// ones. Bounds the work of a one-letter search in a million wishes; below it, ranking is exact.
    static let searchCandidateLimit = 1_000
    /// How many matching tags a tag search reads wishes of.
    static let searchTagLimit = 20

    /// Wishes whose name matches the query, and wishes with a matching tag, at most 50 of each.
    ///
    /// Names: an exact name first, then names that start with the query, then names containing every
    /// query word anywhere (mid-word too, so "신발" finds "운동신발"); newest first within each.
    /// Tags: wishes with the tag itself first, then with a tag starting with the query, then with a
    /// tag containing it. Recording the search in recent searches is the caller's choice.
    public func search(_ text: String, owner: UserKey) throws -> WishSearchResult {
        let query = try WishSearchResult.normalizedQuery(text)
        return try pool.read { db in
            WishSearchResult(
                query: query,
                byName: try Self.searchNames(query, owner: owner, db),
                byTag: try Self.searchTags(query, owner: owner, db))
        }
    }

    private static func searchNames(_ query: String, owner: UserKey, _ db: Database) throws -> [Wish] {
        let key = SearchGrams.key(query)
        // Every text that starts with `key` sorts between it and `key` + the last code point.
        let prefixEnd = key + "\u{10FFFF}"
        let limit = WishSearchResult.groupLimit
        var rows = try db.query(
            """
            SELECT \(columns) FROM (
                SELECT * FROM wishes WHERE owner_id = ? AND name_key >= ? AND name_key < ?
                ORDER BY name_key LIMIT ?
            ) w
            ORDER BY w.name_key = ? DESC, w.created_at DESC, w.id DESC LIMIT ?
            """,
            [owner.rawValue, key, prefixEnd, searchCandidateLimit, key, limit])
        // The matches come first (CROSS JOIN keeps that order): otherwise SQLite may walk every wish
        // by date looking for them.
        if rows.count < limit, let pattern = SearchGrams.pattern(query: query, owner: owner) {
            rows += try db.query(
                """
                SELECT \(columns) FROM (
                    SELECT rowid FROM wish_search WHERE wish_search MATCH ? ORDER BY rowid DESC LIMIT ?
                ) m CROSS JOIN wishes w ON w.id = m.rowid
                WHERE w.owner_id = ? AND NOT (w.name_key >= ? AND w.name_key < ?)
                ORDER BY w.created_at DESC, w.id DESC LIMIT ?
                """,
                [pattern, searchCandidateLimit, owner.rawValue, key, prefixEnd, limit - rows.count])
        }
        return try wishes(from: rows, db)
    }

    private static func searchTags(_ query: String, owner: UserKey, _ db: Database) throws -> [Wish] {
        let key = Tag.key(query)
        let tagKeys: [String] = try db.query(
            """
            SELECT tag_key FROM tags WHERE owner_id = ? AND instr(tag_key, ?) > 0
            ORDER BY tag_key = ? DESC, instr(tag_key, ?) = 1 DESC, count DESC, tag_key LIMIT ?
            """,
            [owner.rawValue, key, key, key, searchTagLimit]
        ).map { try $0["tag_key"] }
        // The newest wishes of each tag come straight off the key of wish_tags; merge them by rank
        // (exact, prefix, contains), then by date, keeping each wish once.
        var candidates: [(rank: Int, createdAt: Int64, rowID: Int64)] = []
        for tagKey in tagKeys {
            let rank = tagKey == key ? 0 : tagKey.hasPrefix(key) ? 1 : 2
            try db.forEach(
                """
                SELECT created_at, wish_id FROM wish_tags WHERE owner_id = ? AND tag_key = ?
                ORDER BY created_at DESC, wish_id DESC LIMIT ?
                """,
                [owner.rawValue, tagKey, WishSearchResult.groupLimit]
            ) { row in
                candidates.append((rank, try row["created_at"], try row["wish_id"]))
            }
        }
        candidates.sort { ($0.rank, -$0.createdAt, -$0.rowID) < ($1.rank, -$1.createdAt, -$1.rowID) }
        var seen = Set<Int64>()
        let rowIDs = candidates.map(\.rowID).filter { seen.insert($0).inserted }.prefix(WishSearchResult.groupLimit)
        guard !rowIDs.isEmpty else { return [] }
        return try wishes(
            from: db.query(
                """
                SELECT \(columns) FROM json_each(?) j CROSS JOIN wishes w ON w.id = j.value
                WHERE w.owner_id = ? ORDER BY j.key
                """,
                [rowIDs.jsonArray, owner.rawValue]),
            db)
    }
}
