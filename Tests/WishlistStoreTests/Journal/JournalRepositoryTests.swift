import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The journal's repository on both engines: entries with their mentions, versions, hearts,
/// deletion, and lists newest day first with their filters and cursors.
@Suite struct JournalRepositoryTests {
    /// A new store on `engine` with two accounts, alice and bob.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey
        let bob: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
            bob = try test.addUser("bob")
        }

        var journal: JournalRepository { test.store.journal }
        var library: PhotoLibrary { test.library }

        /// Every page of a list, following cursors to the end: the titles of each page.
        func allPages(_ query: JournalListQuery) throws -> [[String]] {
            var pages: [[String]] = []
            var query = query
            while true {
                let page = try journal.list(query, owner: alice)
                pages.append(page.items.map(\.title))
                guard let next = page.nextCursor else { return pages }
                query.cursor = next
            }
        }
    }

    private static let busan = Place(name: "Busan", address: nil, latitude: 35.18, longitude: 129.08, source: .search)

    @Test(arguments: TestEngine.allCases) func createdEntryReadsBackWithItsMentions(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wishes = try fixture.test.add(["Kite", "Tea"], owner: fixture.alice)
        let now = Date(millisecondsSince1970: 1_795_959_435_123)
        let created = try fixture.journal.create(
            JournalDraft(
                title: "Beach day", contents: "Flew the kite", date: "2026-08-01", time: "14:30", place: Self.busan,
                wishIDs: [wishes[1].id, wishes[0].id], hearted: true),
            owner: fixture.alice, now: now)
        #expect(created.version == 1)
        #expect(created.wishIDs == [wishes[1].id, wishes[0].id])
        #expect(created.createdAt == now)
        #expect(try fixture.journal.get(created.id, owner: fixture.alice) == created)
        #expect(try fixture.journal.get(created.id, owner: fixture.bob) == nil)
    }

    @Test(arguments: TestEngine.allCases) func anotherAccountsWishCannotBeMentioned(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bobs = try fixture.test.add(["Secret"], owner: fixture.bob)[0]
        #expect(throws: ValidationError.self) {
            try fixture.journal.create(
                JournalDraft(title: "Snoop", date: "2026-08-01", wishIDs: [bobs.id]), owner: fixture.alice)
        }
        #expect(try fixture.journal.list(JournalListQuery(), owner: fixture.alice).items.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func updateChecksTheVersionAndChangesMentions(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let kite = try fixture.test.add(["Kite"], owner: fixture.alice)[0]
        let created = try fixture.journal.create(
            JournalDraft(title: "Park", date: "2026-08-02"), owner: fixture.alice, now: Date(millisecondsSince1970: 10))
        let updated = try fixture.library.update(
            \.journal, created.id, owner: fixture.alice, with: JournalPatch(title: "Big park", wishIDs: [kite.id]),
            expectedVersion: 1, now: Date(millisecondsSince1970: 20))
        #expect(updated.version == 2)
        #expect(updated.wishIDs == [kite.id])
        #expect(try fixture.journal.get(created.id, owner: fixture.alice) == updated)
        #expect(throws: StaleVersionError("journal entry", current: 2)) {
            try fixture.library.update(\.journal, created.id, owner: fixture.alice, with: JournalPatch(title: "x"), expectedVersion: 1)
        }
        #expect(try fixture.journal.get(created.id, owner: fixture.alice)?.title == "Big park")
    }

    /// The search ranks newest day first by the day an entry has now: on PostgreSQL a new day
    /// reaches the search index's copy of it though the entry's words stay the same.
    @Test(arguments: TestEngine.allCases) func searchFollowsAChangedDay(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let titles = { (text: String) in
            try fixture.journal.search(SearchQuery(text: text), owner: fixture.alice).items.map(\.title)
        }
        let first = try fixture.journal.create(JournalDraft(title: "새 가방", date: "2026-08-01"), owner: fixture.alice)
        _ = try fixture.journal.create(JournalDraft(title: "가방 끈", date: "2026-08-02"), owner: fixture.alice)
        #expect(try titles("가방") == ["가방 끈", "새 가방"])
        _ = try fixture.library.update(\.journal, first.id, owner: fixture.alice, with: JournalPatch(date: "2026-08-03"))
        #expect(try titles("가방") == ["새 가방", "가방 끈"])
    }

    @Test(arguments: TestEngine.allCases) func heartAndDelete(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.journal.create(JournalDraft(title: "Rain", date: "2026-08-03"), owner: fixture.alice)
        let hearted = try fixture.journal.setHearted(true, created.id, owner: fixture.alice)
        #expect(hearted.hearted)
        #expect(hearted.version == 2)
        try fixture.library.delete(\.journal, created.id, owner: fixture.alice)
        #expect(try fixture.journal.get(created.id, owner: fixture.alice) == nil)
        #expect(throws: NotFoundError("journal entry")) { try fixture.library.delete(\.journal, created.id, owner: fixture.alice) }
    }

    @Test(arguments: TestEngine.allCases) func listsPageNewestDayFirstWithTheirFilters(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let kite = try fixture.test.add(["Kite"], owner: fixture.alice)[0]
        for (index, day) in ["2026-08-03", "2026-08-01", "2026-08-03", "2026-08-02", "2026-08-01"].enumerated() {
            _ = try fixture.journal.create(
                JournalDraft(title: "e\(index)", date: day, wishIDs: index % 2 == 0 ? [kite.id] : [], hearted: index < 2),
                owner: fixture.alice, now: Date(millisecondsSince1970: Int64(1_000 + index)))
        }
        #expect(try fixture.allPages(JournalListQuery(limit: 2)) == [["e2", "e0"], ["e3", "e4"], ["e1"]])
        #expect(try fixture.allPages(JournalListQuery(hearted: true, limit: 1)) == [["e0"], ["e1"]])
        #expect(try fixture.allPages(JournalListQuery(hearted: false)) == [["e2", "e3", "e4"]])
        #expect(try fixture.allPages(JournalListQuery(mentioning: kite.id, limit: 2)) == [["e2", "e0"], ["e4"]])
        #expect(throws: NotFoundError("wish")) {
            try fixture.journal.list(JournalListQuery(mentioning: UUID()), owner: fixture.alice)
        }
    }

    /// On PostgreSQL, two updates expecting one version meet in `ConcurrentWriters.runTogether`
    /// (both stop at writing `journal_entries`, after reading the entry): the account's
    /// `StoreLock` lets exactly one win.
    @Test func twoUpdatesOfOneVersionAtOnceLetOneWinOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (library, alice) = (fixture.library, fixture.alice)
        let entry = try fixture.journal.create(JournalDraft(title: "Park", date: "2026-08-02"), owner: alice).id
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "journal_entries", ["Zoo", "Museum"]) { title in
            _ = try library.update(\.journal, entry, owner: alice, with: JournalPatch(title: title), expectedVersion: 1)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? StaleVersionError } == [StaleVersionError("journal entry", current: 2)])
        #expect(try fixture.journal.get(entry, owner: alice)?.version == 2)
    }
}
