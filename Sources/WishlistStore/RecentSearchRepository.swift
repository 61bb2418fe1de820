import Foundation
import SQLite
import WishlistCore

/// The searches each account made, newest first: a repeated search (same text ignoring case and
/// spacing) moves to the top instead of appearing twice, and only the latest 20 are kept.
public struct RecentSearchRepository: Sendable {
    let pool: DatabasePool

    /// Remembers a search; returns the entry, which keeps its id when the search was made before.
    @discardableResult
    public func record(_ text: String, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> RecentSearch {
        let query = try WishSearchResult.normalizedQuery(text)
        let key = SearchGrams.key(query)
        // Searching again for the newest search changes nothing in the list: it is read, not
        // rewritten. (Every write makes the other connections drop their page caches, which a
        // person paging through one search's results would otherwise pay for on every page.)
        if let newest = try pool.read({ db in
            try db.queryFirst(
                "SELECT uuid, query, query_key, searched_at FROM recent_searches WHERE owner_id = ? ORDER BY id DESC LIMIT 1",
                [owner.rawValue])
        }), try newest["query_key"] as String == key {
            return try Self.recentSearch(newest)
        }
        return try pool.write { db in
            let previous: String? = try db.scalar(
                "SELECT uuid FROM recent_searches WHERE owner_id = ? AND query_key = ?", [owner.rawValue, key])
            let id = try previous.map(UUID.init(storedText:)) ?? UUID()
            // Delete and insert rather than update: a new row id puts the search on top, even when
            // two searches share a millisecond.
            try db.run("DELETE FROM recent_searches WHERE owner_id = ? AND query_key = ?", [owner.rawValue, key])
            try db.run(
                "INSERT INTO recent_searches (uuid, owner_id, query, query_key, searched_at) VALUES (?, ?, ?, ?, ?)",
                [id.lowercasedString, owner.rawValue, query, key, now.millisecondsSince1970])
            try db.run(
                """
                DELETE FROM recent_searches WHERE owner_id = ? AND id NOT IN (
                    SELECT id FROM recent_searches WHERE owner_id = ? ORDER BY id DESC LIMIT ?
                )
                """,
                [owner.rawValue, owner.rawValue, RecentSearch.keptLimit])
            return RecentSearch(id: id, query: query, searchedAt: now)
        }
    }

    /// The account's recent searches, newest first, at most 20.
    public func list(owner: UserKey) throws -> [RecentSearch] {
        try pool.read { db in
            try db.query(
                "SELECT uuid, query, searched_at FROM recent_searches WHERE owner_id = ? ORDER BY id DESC LIMIT ?",
                [owner.rawValue, RecentSearch.keptLimit]
            ).map(Self.recentSearch)
        }
    }

    /// Forgets one search; false when this account has no search with that id.
    @discardableResult
    public func delete(_ id: UUID, owner: UserKey) throws -> Bool {
        try pool.write { db in
            try db.run(
                "DELETE FROM recent_searches WHERE uuid = ? AND owner_id = ?", [id.lowercasedString, owner.rawValue])
            return db.changes > 0
        }
    }

    /// Forgets every search of the account.
    public func clear(owner: UserKey) throws {
        try pool.write { db in
            try db.run("DELETE FROM recent_searches WHERE owner_id = ?", [owner.rawValue])
        }
    }

    /// The search in a row that selected `uuid`, `query` and `searched_at`.
    private static func recentSearch(_ row: Row) throws -> RecentSearch {
        RecentSearch(
            id: try UUID(storedText: row["uuid"]), query: try row["query"],
            searchedAt: Date(millisecondsSince1970: try row["searched_at"]))
    }
}
