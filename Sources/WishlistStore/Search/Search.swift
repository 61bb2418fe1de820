import Geocoding
import WishlistCore

/// Search across the account's records (K1): its wishes by name, tag and memo, its journal, the
/// K-culture spots and places by name, as `GET /api/v1/search` answers.
///
/// Every group of one answer is read in one read transaction (SQLite's read transaction, or
/// PostgreSQL's REPEATABLE READ: `StoreDatabase.read`), so the answer is one snapshot: a write
/// committed while it is being read shows in no group or, for a later search, in all.
/// The places come from the gazetteer in memory, which never changes.
public struct Search: Sendable {
    /// How many places the all-groups answer lists (the group does not page).
    public static let placeLimit = 10

    let database: StoreDatabase
    /// Asked for at the first search that reads places, not when the search is made: a server
    /// builds its routes before it listens, and the index takes 150–220 ms to build (the server
    /// loads it in the background as it starts).
    let loadGazetteer: @Sendable () -> OfflineGazetteer
    /// Called inside the read transaction after each group (the wish groups together) is read:
    /// the tests write there, to show that what is committed meanwhile reaches no later group.
    let afterReadingGroup: (@Sendable () throws -> Void)?

    /// Searches `store`, naming places from `gazetteer`.
    public init(store: Store, gazetteer: @autoclosure @escaping @Sendable () -> OfflineGazetteer) {
        self.init(database: store.database, gazetteer: gazetteer())
    }

    init(
        database: StoreDatabase, gazetteer: @autoclosure @escaping @Sendable () -> OfflineGazetteer,
        afterReadingGroup: (@Sendable () throws -> Void)? = nil
    ) {
        self.database = database
        loadGazetteer = gazetteer
        self.afterReadingGroup = afterReadingGroup
    }

    /// One page of `query.group` after `query.cursor`, or without a group, the first page of every
    /// group in `query.groups` (the others empty, their `paging` null). Recording the search as a
    /// recent one is the caller's choice.
    public func answer(_ query: SearchQuery, owner: UserKey) throws -> SearchAnswer {
        try database.read { db in
            switch query.group {
            case .some(let group) where WishRepository.searchGroups.contains(group):
                .wishes(try WishRepository.searchPage(group, query, owner: owner, db))
            case .journal:
                .journal(try JournalRepository.search(query, owner: owner, db))
            case .spots:
                .spots(try SpotRepository.search(query, owner: owner, db))
            default:
                .all(try all(query, owner: owner, db))
            }
        }
    }

    /// The all-groups answer: only the groups asked for are read.
    private func all(_ query: SearchQuery, owner: UserKey, _ db: any SQLConnection) throws -> WishSearchResult {
        var result = try WishRepository.search(query, owner: owner, db)
        try afterReadingGroup?()
        if query.groups.contains(.journal) {
            let page = try JournalRepository.search(query, owner: owner, db)
            (result.journal, result.paging.journal) = (page.items, page.summary)
            try afterReadingGroup?()
        }
        if query.groups.contains(.spots) {
            let page = try SpotRepository.search(query, owner: owner, db)
            (result.spots, result.paging.spots) = (page.items, page.summary)
            try afterReadingGroup?()
        }
        if query.groups.contains(.places) {
            result.places = loadGazetteer().search(query.text, limit: Self.placeLimit).map { Place($0, source: .search) }
        }
        return result
    }
}
