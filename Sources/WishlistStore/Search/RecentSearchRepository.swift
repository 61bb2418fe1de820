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
        try record([(text, owner, now)])
        return try list(owner: owner)[0]
    }

    /// Remembers searches, in the order made, in one transaction.
    ///
    /// Not counted as a change by the pool (`counted: false`): no answer a cache of reads keeps
    /// shows recent searches, and every search typed would otherwise make every kept answer stale.
    public func record(_ searches: [(text: String, owner: UserKey, at: Date)]) throws {
        let searches = try searches.map { search in
            let query = try WishSearchResult.normalizedQuery(search.text)
            return (query: query, key: SearchGrams.key(query), owner: search.owner, at: search.at)
        }
        let owners = Set(searches.map(\.owner))
        // Searching again for the newest search changes nothing in the list: it is read, not
        // rewritten. (Every write makes the other connections drop their page caches, which a
        // person paging through one search's results would otherwise pay for on every page.)
        var newest: [UserKey: String] = try pool.read { db in
            try Dictionary(
                uniqueKeysWithValues: owners.compactMap { owner in
                    let key: String? = try db.scalar(
                        "SELECT query_key FROM recent_searches WHERE owner_id = ? ORDER BY id DESC LIMIT 1", [owner.rawValue])
                    return key.map { (owner, $0) }
                })
        }
        let changed = searches.filter { search in
            defer { newest[search.owner] = search.key }
            return newest[search.owner] != search.key
        }
        guard !changed.isEmpty else { return }
        try pool.write(counted: false) { db in
            for search in changed {
                let owner = search.owner.rawValue
                let previous: String? = try db.scalar(
                    "SELECT uuid FROM recent_searches WHERE owner_id = ? AND query_key = ?", [owner, search.key])
                // Delete and insert rather than update: a new row id puts the search on top, even
                // when two searches share a millisecond; the id stays the search's.
                try db.run("DELETE FROM recent_searches WHERE owner_id = ? AND query_key = ?", [owner, search.key])
                try db.run(
                    "INSERT INTO recent_searches (uuid, owner_id, query, query_key, searched_at) VALUES (?, ?, ?, ?, ?)",
                    [previous ?? UUID().lowercasedString, owner, search.query, search.key, search.at.millisecondsSince1970])
            }
            for owner in Set(changed.map(\.owner)) {
                try db.run(
                    """
                    DELETE FROM recent_searches WHERE owner_id = :owner AND id NOT IN (
                        SELECT id FROM recent_searches WHERE owner_id = :owner ORDER BY id DESC LIMIT :kept
                    )
                    """,
                    ["owner": owner.rawValue, "kept": RecentSearch.keptLimit])
            }
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
