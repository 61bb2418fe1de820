import Foundation
import Geocoding
import Synchronization
import Testing
import WishlistCore

@testable import WishlistStore

/// One search answer is one snapshot: its groups are read in one read transaction, so a write
/// committed while they are read shows in none of them, never in only some. On both engines:
/// SQLite's read transaction, PostgreSQL's REPEATABLE READ.
@Suite struct SearchSnapshotTests {
    /// A new store on `engine` with the account alice, a wish, an entry and a spot that a search
    /// for "lantern" finds.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey
        let spot: Spot

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
            _ = try test.wishes.create(WishDraft(name: "Lantern"), owner: alice, now: Date(millisecondsSince1970: 1_000))
            _ = try test.store.journal.create(JournalDraft(title: "Lantern festival", date: "2026-05-01"), owner: alice)
            let csv = """
                media_type,title,place_name,place_type,description,address,lat,lng
                drama,도깨비,Lantern Cafe,cafe,Where they met,강원도 강릉시 주문진읍 해안로 1609,37.89,128.83
                """
            _ = try test.store.spots.importFile(Data(csv.utf8))
            spot = try #require(try test.store.spots.list(SpotQuery(text: "lantern"), owner: alice).items.first)
        }
    }

    /// What another request commits: a wish, a journal entry and a wish made from the spot, each
    /// found by a search for "lantern".
    private static func writeMatches(_ store: Store, owner: UserKey, spot: UUID) throws {
        _ = try store.wishes.create(WishDraft(name: "Lantern stand"), owner: owner, now: Date(millisecondsSince1970: 2_000))
        _ = try store.journal.create(JournalDraft(title: "Lantern walk", date: "2026-05-02"), owner: owner)
        _ = try store.spots.wish(fromSpot: spot, owner: owner)
    }

    /// How many matches each database group of an answer holds, and whether the spot has a wish.
    private struct Seen: Equatable {
        var byName: Int
        var journal: Int
        var spotHasWish: Bool

        init(byName: Int, journal: Int, spotHasWish: Bool) {
            (self.byName, self.journal, self.spotHasWish) = (byName, journal, spotHasWish)
        }

        init(_ result: WishSearchResult) {
            byName = result.paging.byName?.total ?? -1
            journal = result.paging.journal?.total ?? -1
            spotHasWish = result.spots.first?.wishId != nil
        }
    }

    @Test(arguments: TestEngine.allCases) func aWriteCommittedBetweenGroupsShowsInNoneOfThem(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (store, owner, spotID) = (fixture.test.store, fixture.alice, fixture.spot.id)
        let writes = WriteOnce { try Self.writeMatches(store, owner: owner, spot: spotID) }
        let search = Search(database: fixture.test.store.database, gazetteer: .shared, afterReadingGroup: writes.run)
        let answer = try search.answer(SearchQuery(text: "lantern"), owner: fixture.alice)
        guard case .all(let during) = answer else {
            Issue.record("not the all-groups answer: \(answer)")
            return
        }
        #expect(writes.didRun)
        #expect(Seen(during) == Seen(byName: 1, journal: 1, spotHasWish: false))

        guard case .all(let after) = try search.answer(SearchQuery(text: "lantern"), owner: fixture.alice) else { return }
        // The wish made from the spot is named after it: a third name.
        #expect(Seen(after) == Seen(byName: 3, journal: 2, spotHasWish: true))
    }

    /// The same write between the repositories' own searches, each its own transaction, as the
    /// answer was once made: the groups disagree, which is what the test above would catch.
    @Test(arguments: TestEngine.allCases) func groupsReadInSeparateTransactionsWouldDisagree(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let query = try SearchQuery(text: "lantern")
        var result = try fixture.test.wishes.search(query, owner: fixture.alice)
        try Self.writeMatches(fixture.test.store, owner: fixture.alice, spot: fixture.spot.id)
        let journal = try fixture.test.store.journal.search(query, owner: fixture.alice)
        (result.journal, result.paging.journal) = (journal.items, journal.summary)
        #expect(Seen(result).byName == 1)
        #expect(Seen(result).journal == 2)
    }

    @Test(arguments: TestEngine.allCases) func aPageOfOneGroupIsThatGroupsSearch(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let search = Search(store: fixture.test.store, gazetteer: .shared)
        let journal = try SearchQuery(text: "lantern", group: .journal)
        #expect(
            try search.answer(journal, owner: fixture.alice)
                == .journal(try fixture.test.store.journal.search(journal, owner: fixture.alice)))
        let names = try SearchQuery(text: "lantern", group: .byName)
        #expect(
            try search.answer(names, owner: fixture.alice)
                == .wishes(try fixture.test.wishes.searchPage(.byName, names, owner: fixture.alice)))
        guard case .spots(let spots) = try search.answer(SearchQuery(text: "lantern", group: .spots), owner: fixture.alice) else {
            Issue.record("not a page of spots")
            return
        }
        #expect(spots.items.map(\.id) == [fixture.spot.id])
        #expect(spots.total == 1)
    }

    @Test(arguments: TestEngine.allCases) func onlyTheGroupsAskedForAreRead(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let search = Search(store: fixture.test.store, gazetteer: .shared)
        guard case .all(let result) = try search.answer(SearchQuery(text: "lantern", groups: [.journal]), owner: fixture.alice) else {
            Issue.record("not the all-groups answer")
            return
        }
        #expect(result.journal.map(\.title) == ["Lantern festival"])
        #expect(result.byName.isEmpty && result.spots.isEmpty && result.places.isEmpty)
        #expect(result.paging.byName == nil && result.paging.spots == nil)
    }

    @Test(arguments: TestEngine.allCases) func placesComeFromTheGazetteerAsSearchPlaces(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let search = Search(store: fixture.test.store, gazetteer: .shared)
        guard case .all(let result) = try search.answer(SearchQuery(text: "Gangneung", groups: [.places]), owner: fixture.alice) else {
            Issue.record("not the all-groups answer")
            return
        }
        let found = OfflineGazetteer.shared.search("Gangneung", limit: Search.placeLimit)
        #expect(!found.isEmpty)
        #expect(result.places == found.map { Place($0, source: .search) })
        #expect(result.places.allSatisfy { $0.source == .search && $0.address?.isEmpty == false })
    }
}

/// Runs a write once, the first time it is called, on a thread of its own, as another request's
/// write would run, and waits for it: the caller holds a connection, and a thread never asks for
/// a second (`PostgresPool.withConnection`).
private final class WriteOnce: Sendable {
    private let write: @Sendable () throws -> Void
    private let done = Atomic<Bool>(false)

    init(_ write: @escaping @Sendable () throws -> Void) {
        self.write = write
    }

    var didRun: Bool { done.load(ordering: .acquiring) }

    @Sendable func run() throws {
        guard done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        let outcome = Mutex<Result<Void, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue(label: "WriteOnce").async { [write] in
            outcome.withLock { $0 = Result { try write() } }
            finished.signal()
        }
        finished.wait()
        try outcome.withLock { $0 }?.get()
    }
}
