import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// A search page reads its records by id with their details in one go (`SQLConnection.ownedRows`):
/// only the owner's rows come back, in the page's order, each with its own details.
@Suite struct OwnedRowsTests {
    @Test(arguments: TestEngine.allCases) func onlyTheOwnersWishesComeBackInThePagesOrderWithTheirPrices(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        let hers = try test.add(["a1", "a2", "a3"], owner: alice)
        let his = try test.add(["b1"], owner: bob)
        _ = try test.store.wishes.recordPrice(12, currency: "EUR", on: hers[1].id, owner: alice)
        _ = try test.store.wishes.recordPrice(30, currency: "EUR", on: his[0].id, owner: bob)
        let read = try test.store.database.read { db in
            let rowID = { (wish: Wish, owner: UserKey) throws -> Int64 in
                try #require(try WishRepository.fetch(wish.id, owner: owner, db)).rowID
            }
            let page = [try rowID(hers[2], alice), try rowID(his[0], bob), try rowID(hers[1], alice), try rowID(hers[0], alice)]
            return try db.perform(WishRepository.wishes(rowIDs: page, owner: alice, db.dialect))
        }
        #expect(read.map(\.name) == ["a3", "a2", "a1"])
        #expect(read.map { $0.priceHistory.map(\.amount) } == [[], [12], []])
        #expect(try test.store.database.read { try $0.perform(WishRepository.wishes(rowIDs: [], owner: alice, $0.dialect)) }.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func onlyTheOwnersEntriesComeBackInThePagesOrderWithTheirMentions(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        let wish = try test.add(["bag"], owner: alice)[0]
        let first = try test.store.journal.create(JournalDraft(title: "first", date: "2026-08-01", wishIDs: [wish.id]), owner: alice)
        let second = try test.store.journal.create(JournalDraft(title: "second", date: "2026-08-02"), owner: alice)
        let his = try test.store.journal.create(JournalDraft(title: "his", date: "2026-08-03"), owner: bob)
        let read = try test.store.database.read { db in
            let rowID = { (id: UUID, owner: UserKey) throws -> Int64 in
                try #require(try JournalRepository.fetchRecord(id, owner: owner, db)).rowID
            }
            let page = [try rowID(second.id, alice), try rowID(his.id, bob), try rowID(first.id, alice)]
            return try db.perform(JournalRepository.entries(rowIDs: page, owner: alice, db.dialect))
        }
        #expect(read.map(\.title) == ["second", "first"])
        #expect(read.map(\.wishIDs) == [[], [wish.id]])
    }
}
