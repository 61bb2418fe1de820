import Crypto
import Foundation
import WishlistCore

/// The searches each account made, newest first: a repeated search (same text ignoring case and
/// spacing) moves to the top instead of appearing twice, and only the latest 20 are kept.
public struct RecentSearchRepository: Sendable {
    let database: StoreDatabase

    /// Remembers a search; returns the entry, which keeps its id when the search was made before.
    @discardableResult
    public func record(_ text: String, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> RecentSearch {
        try record([(text, owner, now)])
        return try list(owner: owner)[0]
    }

    /// Remembers searches, in the order made, in one transaction per account, which holds the
    /// account's lock: on PostgreSQL, two writes of one search at once would both find it missing
    /// and insert it twice.
    ///
    /// Not counted as a change by the pool (`counted: false`): no answer a cache of reads keeps
    /// shows recent searches, and every search typed would otherwise make every kept answer stale.
    public func record(_ searches: [(text: String, owner: UserKey, at: Date)]) throws {
        // The recorder's flush finds nothing waiting at times; an empty read is still a transaction.
        guard !searches.isEmpty else { return }
        let searches = try searches.map { search in
            // Kept as a key is bound: PostgreSQL's text holds no NUL.
            let query = SearchGrams.bindable(try WishSearchResult.normalizedQuery(search.text))
            return (query: query, key: SearchGrams.key(query), owner: search.owner, at: search.at)
        }
        let owners = Set(searches.map(\.owner))
        // Searching again for the newest search changes nothing in the list: it is read, not
        // rewritten. (Every write makes the other connections drop their page caches, which a
        // person paging through one search's results would otherwise pay for on every page.)
        var newest: [UserKey: String] = try database.read { db in
            try Dictionary(
                uniqueKeysWithValues: owners.compactMap { owner in
                    let key: String? = try db.scalar(
                        "SELECT query_key FROM recent_searches WHERE owner_id = :owner ORDER BY id DESC LIMIT 1",
                        ["owner": owner.rawValue])
                    return key.map { (owner, $0) }
                })
        }
        let changes = searches.filter { search in
            defer { newest[search.owner] = search.key }
            return newest[search.owner] != search.key
        }
        // Of a query searched more than once, only its last change is written: each would delete
        // the one before and insert it again, so the list ends the same (in the order of the last
        // changes). A batch of many people's searches from a few words was thousands of writes.
        // Read from the end, a query's first change is its last.
        var seen = Set<SearchOfOwner>()
        let changed = changes.reversed().filter { seen.insert(SearchOfOwner(owner: $0.owner, key: $0.key)).inserted }.reversed()
        for owner in Set(changed.map(\.owner)) {
            try database.write(counted: false, locking: .account(owner)) { db in
                for search in changed where search.owner == owner {
                    let arguments: SQLArguments = ["owner": owner.rawValue, "key": search.key]
                    let previous: String? = try db.scalar(
                        "SELECT uuid FROM recent_searches WHERE owner_id = :owner AND query_key = :key", arguments)
                    // Delete and insert rather than update: a new row id puts the search on top, even
                    // when two searches share a millisecond; the id stays the search's.
                    try db.run("DELETE FROM recent_searches WHERE owner_id = :owner AND query_key = :key", arguments)
                    try db.run(
                        """
                        INSERT INTO recent_searches (uuid, owner_id, query, query_key, searched_at)
                        VALUES (:uuid, :owner, :query, :key, :at)
                        """,
                        arguments + [
                            "uuid": previous ?? SecureRandom.uuid().lowercasedString, "query": search.query,
                            "at": search.at.millisecondsSince1970
                        ])
                }
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
        try database.read { db in
            try db.query(
                "SELECT uuid, query, searched_at FROM recent_searches WHERE owner_id = :owner ORDER BY id DESC LIMIT :kept",
                ["owner": owner.rawValue, "kept": RecentSearch.keptLimit]
            ).map(Self.recentSearch)
        }
    }

    /// Forgets one search; false when this account has no search with that id.
    @discardableResult
    public func delete(_ id: UUID, owner: UserKey) throws -> Bool {
        try database.write { db in
            try db.run(
                "DELETE FROM recent_searches WHERE uuid = :uuid AND owner_id = :owner",
                ["uuid": id.lowercasedString, "owner": owner.rawValue]) > 0
        }
    }

    /// Forgets every search of the account.
    public func clear(owner: UserKey) throws {
        try database.write { db in
            try db.run("DELETE FROM recent_searches WHERE owner_id = :owner", ["owner": owner.rawValue])
        }
    }

    /// The search in a row that selected `uuid`, `query` and `searched_at`.
    private static func recentSearch(_ row: SQLRow) throws -> RecentSearch {
        RecentSearch(
            id: try UUID(storedText: row["uuid"]), query: try row["query"],
            searchedAt: Date(millisecondsSince1970: try row["searched_at"]))
    }
}

/// A query (by its key) of one account.
private struct SearchOfOwner: Hashable {
    let owner: UserKey
    let key: String
}
