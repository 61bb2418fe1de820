import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// Every write adds a segment to the full-text indexes; housekeeping merges them into one without
/// changing what a search finds or making cached answers stale.
@Suite struct SearchIndexCompactionTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    func segments(_ index: String) throws -> Int {
        try fixture.store.pool.read { db in try db.scalar("SELECT count(DISTINCT segid) FROM \(index)_idx") ?? 0 }
    }

    @Test func compactingLeavesOneSegmentPerIndexAndTheSameMatches() throws {
        for index in 0..<40 {
            _ = try fixture.wishes.create(
                WishDraft(name: "Lamp \(index) 가방", memo: "memo \(index)", link: "https://shop\(index % 3).example/"), owner: alice)
        }
        #expect(try segments("wish_search") > 1)
        #expect(try segments("wish_text_search") > 1)
        let before = try fixture.wishes.search("lamp 가방", owner: alice)
        let memoBefore = try fixture.wishes.search("memo", owner: alice)
        let writes = fixture.store.writeCount

        #expect(try fixture.store.compactSearchIndexes() > 0)
        #expect(try segments("wish_search") == 1)
        #expect(try segments("wish_text_search") == 1)
        #expect(try fixture.wishes.search("lamp 가방", owner: alice) == before)
        #expect(try fixture.wishes.search("memo", owner: alice) == memoBefore)
        #expect(before.byName.count == 40 && memoBefore.byText.count == 40)
        #expect(fixture.store.writeCount == writes, "merging made cached answers stale")
        #expect(try fixture.store.compactSearchIndexes() == 0, "nothing left to merge")
    }

    /// PostgreSQL's GIN indexes take new entries into a pending list, read in full by every search;
    /// compacting moves it into the index proper.
    @Test func compactingEmptiesPostgreSQLsPendingListsWithTheSameMatches() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        for index in 0..<40 {
            _ = try test.wishes.create(WishDraft(name: "Lamp \(index) 가방", memo: "memo \(index)"), owner: alice)
        }
        let before = try test.wishes.search("lamp 가방", owner: alice)
        let writes = test.store.writeCount
        #expect(try test.store.compactSearchIndexes() > 0)
        #expect(try test.wishes.search("lamp 가방", owner: alice) == before)
        #expect(before.byName.count == 40 && before.byText.isEmpty)
        #expect(test.store.writeCount == writes, "tidying made cached answers stale")
        #expect(try test.store.compactSearchIndexes() == 0, "nothing left to move")
    }
}
