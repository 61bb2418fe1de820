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
    /// Called inside the read transaction as each group (the wish groups together) is read: the
    /// tests write there, to show that what is committed meanwhile reaches no group still reading.
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
                .wishes(try db.perform(WishRepository.searchPage(group, query, owner: owner, db.dialect)))
            case .journal:
                .journal(try db.perform(JournalRepository.search(query, owner: owner, db.dialect)))
            case .spots:
                .spots(try db.perform(SpotRepository.search(query, owner: owner, db.dialect)))
            default:
                .all(try all(query, owner: owner, db))
            }
        }
    }

    /// The all-groups answer: only the groups asked for are read, side by side (each round trip
    /// carries the next statements of every group: 3 for "가방" in the benchmark's account on
    /// PostgreSQL, where one group after another took 8).
    private func all(_ query: SearchQuery, owner: UserKey, _ db: any SQLConnection) throws -> WishSearchResult {
        var read = afterReading(try WishRepository.search(query, owner: owner, db.dialect))
        if query.groups.contains(.journal) {
            read = read.and(afterReading(try JournalRepository.search(query, owner: owner, db.dialect))) { result, page in
                (result.journal, result.paging.journal) = (page.items, page.summary)
            }
        }
        if query.groups.contains(.spots) {
            read = read.and(afterReading(try SpotRepository.search(query, owner: owner, db.dialect))) { result, page in
                (result.spots, result.paging.spots) = (page.items, page.summary)
            }
        }
        var result = try db.perform(read)
        if query.groups.contains(.places) {
            result.places = loadGazetteer().search(query.text, limit: Self.placeLimit).map { Place($0, source: .search) }
        }
        return result
    }

    /// `group`, calling `afterReadingGroup` once it is read.
    private func afterReading<Value>(_ group: StatementRounds<Value>) -> StatementRounds<Value> {
        guard let afterReadingGroup else { return group }
        return group.map { value in
            try afterReadingGroup()
            return value
        }
    }
}
