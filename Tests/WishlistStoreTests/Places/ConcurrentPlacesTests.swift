import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The grids of cell counts under concurrent writers on PostgreSQL (on SQLite every write has the
/// file to itself): the triggers count in the write's own transaction, and a write of an account's
/// records holds the account's `StoreLock`, so however writes meet, the cells equal a recount.
@Suite struct ConcurrentPlacesTests {
    /// A point in a small square around Seoul, so that writers share cells at every level but the finest.
    private static func seoul(_ index: Int) -> Place {
        Place(
            name: "Spot \(index)", latitude: 37.55 + Double(index % 17) * 0.0013, longitude: 126.98 + Double(index % 23) * 0.0011,
            source: .manual)
    }

    @Test func manyCreatesMovesAndDeletesAtOnceKeepTheCellsARecount() throws {
        let test = try TestStore(engine: .postgres)
        let (alice, bob, carol) = (try test.addUser("alice"), try test.addUser("bob"), try test.addUser("carol"))
        let owners = [alice, bob, alice, bob]
        // Each writer's own wishes and entries to move and delete, each changed once.
        let wishes = try owners.enumerated().map { writer, owner in
            try (0..<9).map { try test.wishes.create(WishDraft(name: "W", place: Self.seoul(writer * 9 + $0)), owner: owner).id }
        }
        let entries = try owners.enumerated().map { writer, owner in
            try (0..<6).map {
                let draft = JournalDraft(title: "E", date: "2026-08-01", place: Self.seoul(writer * 7 + $0))
                return try test.store.journal.create(draft, owner: owner).id
            }
        }
        _ = try test.wishes.create(WishDraft(name: "Carol's", place: Self.seoul(0)), owner: carol)
        let (store, library) = (test.store, test.library)
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "place_cells", ["0", "1", "2", "3"]) { name in
            let writer = Int(name) ?? 0
            let owner = owners[writer]
            // The last writer first deletes carol's account, whose cells go by their cascade.
            if writer == 3 { try store.users.deleteUser(username: "carol") }
            for round in 0..<6 {
                let point = Self.seoul(writer * 31 + round * 5)
                _ = try store.wishes.create(WishDraft(name: "New", place: point), owner: owner)
                _ = try library.update(\.wishes, wishes[writer][round], owner: owner, with: WishPatch(place: .set(Self.seoul(round))))
                _ = try store.journal.create(JournalDraft(title: "New", date: "2026-08-02", place: point), owner: owner)
                if round % 2 == 0 {
                    try library.delete(\.journal, entries[writer][round], owner: owner)
                    try library.delete(\.wishes, wishes[writer][6 + round / 2], owner: owner)
                } else {
                    _ = try library.update(\.journal, entries[writer][round], owner: owner, with: JournalPatch(place: .clear))
                }
            }
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "every writer succeeds: \(outcomes)")
        for layer in [PlaceLayer.wishes, PlaceLayer.journal] {
            let stored = try PlaceCellRow.stored(layer, in: test.store)
            #expect(PlaceCellRow.sameCounts(stored, try PlaceCellRow.recounted(layer, in: test.store)), "\(layer.cells): \(stored)")
            #expect(Set(stored.map(\.owner)) == ["alice", "bob"], "\(layer.cells)")
        }
    }
}
