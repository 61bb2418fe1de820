import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// On SQLite, one server counts its writes by the account whose rows they wrote
/// (`Store.writeCount(for:)`), so that a kept answer of one person outlives everyone else's writes:
/// a write counts for its account only, for everyone when it is the spots', and for everyone too
/// when it names no account.
@Suite struct AccountWriteCountsTests {
    @Test func aWriteCountsForItsAccountTheSpotsForEveryone() throws {
        let test = try TestStore(engine: .sqlite)
        let store = test.store
        let (alice, bob) = (try test.addUser("alice"), try test.addUser("bob"))
        func counts() -> [UInt64] { [store.writeCount(for: alice), store.writeCount(for: bob)] }
        func expectAliceOnly(_ before: [UInt64], _ what: Comment) -> [UInt64] {
            let after = counts()
            #expect(after[0] > before[0] && after[1] == before[1], "\(what): \(before) → \(after)")
            return after
        }

        var last = counts()
        let wish = try store.wishes.create(WishDraft(name: "Lantern", tags: ["home"]), owner: alice)
        last = expectAliceOnly(last, "a wish of Alice's, with its tag")
        _ = try store.wishes.setFavorite(true, wish.id, owner: alice)
        last = expectAliceOnly(last, "a favorite")
        _ = try store.wishes.recordPrice(12, currency: "EUR", on: wish.id, owner: alice)
        last = expectAliceOnly(last, "a price seen, a table naming the wish")
        _ = try store.journal.create(JournalDraft(title: "Market", contents: "A lantern", date: "2026-12-01"), owner: alice)
        last = expectAliceOnly(last, "a journal entry")
        _ = try store.wishes.delete(wish.id, owner: alice)
        last = expectAliceOnly(last, "a wish deleted, its tags and price with it")

        // A write that changes nothing of Bob's, though it fails on his side, leaves him alone.
        #expect(throws: NotFoundError.self) { _ = try store.wishes.setFavorite(true, wish.id, owner: bob) }
        #expect(counts()[1] == last[1])

        _ = try test.addUser("carol")
        let added = counts()
        #expect(added[0] > last[0] && added[1] > last[1], "a write naming no account counts for everyone")

        _ = try store.spots.importFile(
            Data(
                """
                media_type,title,place_name,place_type,description,address,lat,lng
                drama,도깨비,단밤 포차,cafe,A scene,강원도 강릉시 주문진읍 해안로 1609,37.89,128.83
                """.utf8))
        let imported = counts()
        #expect(imported[0] > added[0] && imported[1] > added[1], "the spots are everyone's")
    }

    @Test func aWriteNoCachedReadShowsCountsForNobody() throws {
        let test = try TestStore(engine: .sqlite)
        let alice = try test.addUser("alice")
        let before = (test.store.writeCount, test.store.writeCount(for: alice))
        try test.store.pool.write(counted: false) { db in
            try db.execute("UPDATE wishes SET favorite = favorite WHERE owner_id = \(alice.rawValue)")
            try db.execute("UPDATE users SET username = username WHERE id = \(alice.rawValue)")
        }
        #expect((test.store.writeCount, test.store.writeCount(for: alice)) == before)
    }

    /// Every table whose rows an account's reads show has the writer's triggers that name the
    /// account; the others are listed as needing none, or hold what SQLite derives from a record in
    /// its own transaction (its R*Tree place indexes, FTS5's tables).
    @Test func everySQLiteTableIsCountedOrSaysWhyNot() throws {
        let test = try TestStore(engine: .sqlite)
        let (tables, triggers): ([String], [String]) = try test.store.pool.writeWithoutTransaction(counted: false) { db in
            (
                try db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map { try $0["name"] },
                try db.query("SELECT tbl_name FROM sqlite_temp_master WHERE type = 'trigger'").map { try $0["tbl_name"] }
            )
        }
        let counted = Schema.tablesOfAnAccount + Schema.tablesOfARecord.map(\.0) + Schema.tablesOfEveryone
        let derivedOnSQLite = ["wish_places", "journal_places"]
        let virtual = Schema.tablesWithoutGenerations.filter { tables.contains($0) } + derivedOnSQLite
        let shadows = tables.filter { table in virtual.contains { table.hasPrefix($0 + "_") } }
        let unlisted = Set(tables).subtracting(counted + Schema.tablesWithoutGenerations + derivedOnSQLite + shadows)
        #expect(unlisted.sorted() == [], "tables in no list")
        #expect(Dictionary(grouping: triggers, by: { $0 }).mapValues(\.count) == Dictionary(uniqueKeysWithValues: counted.map { ($0, 3) }))
    }
}
