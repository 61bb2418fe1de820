import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// The generations servers sharing a PostgreSQL database check their kept answers against: every
/// table is either counted or said to need no count, a change counts for its account only (for
/// everyone when it is the spots'), and SQLite has none.
@Suite struct AccountGenerationsTests {
    /// A new table must say whether changing it changes what an account reads, as a new route
    /// must say who may call it.
    @Test func everyTableIsCountedOrSaysWhyNot() throws {
        let test = try TestStore(engine: .postgres)
        let tables: [String] = try test.store.database.read { db in
            try db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename").map { try $0["tablename"] }
        }
        let listed =
            Schema.tablesOfAnAccount + Schema.tablesOfARecord.map(\.0) + Schema.tablesOfEveryone + Schema.tablesWithoutGenerations
        #expect(Set(tables).subtracting(listed).sorted() == [], "tables in no list")
        #expect(Set(listed).subtracting(tables).sorted() == [], "listed tables that do not exist")
        #expect(listed.count == Set(listed).count, "a table in two lists")
    }

    @Test func aChangeCountsForItsAccountAndTheSpotsForEveryone() throws {
        let test = try TestStore(engine: .postgres)
        let store = test.store
        let (alice, bob) = (try test.addUser("alice"), try test.addUser("bob"))
        func generations() throws -> [UInt64] {
            [try #require(try store.generation(of: alice)), try #require(try store.generation(of: bob))]
        }

        let start = try generations()
        let wish = try store.wishes.create(WishDraft(name: "Lantern", tags: ["home"]), owner: alice)
        let created = try generations()
        #expect(created[0] > start[0] && created[1] == start[1], "a wish of Alice's: \(start) → \(created)")

        _ = try store.wishes.recordPrice(12, currency: "EUR", on: wish.id, owner: alice)
        let priced = try generations()
        #expect(priced[0] > created[0] && priced[1] == created[1], "a price seen, a table naming the wish")

        // A write that changes nothing of Bob's, though it fails on his side, leaves him alone.
        #expect(throws: NotFoundError.self) { _ = try store.wishes.recordPrice(1, currency: nil, on: wish.id, owner: bob) }
        #expect(try generations()[1] == priced[1])

        _ = try store.spots.importFile(
            Data(
                """
                media_type,title,place_name,place_type,description,address,lat,lng
                drama,도깨비,단밤 포차,cafe,A scene,강원도 강릉시 주문진읍 해안로 1609,37.89,128.83
                """.utf8))
        let imported = try generations()
        #expect(imported[0] > priced[0] && imported[1] > priced[1], "the spots are everyone's")
    }

    @Test func sqliteHasNoGenerations() throws {
        let test = try TestStore(engine: .sqlite)
        #expect(try test.store.generation(of: try test.addUser("alice")) == nil)
    }
}
