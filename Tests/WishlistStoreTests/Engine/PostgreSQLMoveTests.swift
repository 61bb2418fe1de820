import Foundation
import Geocoding
import PostgreSQL
import SQLite
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Moving a SQLite store into PostgreSQL: everything arrives with its ids, the place cells
/// PostgreSQL's triggers make equal SQLite's, the next record gets a new id, and a move that
/// cannot finish, or into a database that holds data, leaves the target as it was.
@Suite struct PostgreSQLMoveTests {
    /// A SQLite store with the bundled spots and two accounts' records, closed, and what it held.
    struct Source {
        let test: TestStore
        let alice: UserKey
        let wishes: [Wish]
        let entries: [JournalEntry]
        /// What a few searches answered on SQLite.
        let searches: [SearchAnswer]
        /// A share waiting for a sign-in, with a file, and the token that takes it back.
        let pendingShare = PendingShare(name: nil, title: "Lamp", text: nil, link: nil, files: [Data([0, 1, 2, 255])])
        let pendingToken: String
        var path: String { test.directory.appending(path: "wishlist.sqlite").path }

        init() throws {
            test = try TestStore.withBundledSpots()
            let store = test.store
            alice = try test.addUser("alice")
            let bob = try test.addUser("bob")
            let seoul = Place(name: "서울숲", latitude: 37.5444, longitude: 127.0374, source: .search)
            let bag = try store.wishes.create(
                WishDraft(name: "여행 가방", memo: "가방을 사자", link: "https://www.musinsa.com/app/1", tags: ["travel", "가방"], place: seoul),
                owner: alice, now: Date(millisecondsSince1970: 1_000))
            _ = try store.wishes.create(WishDraft(name: "Bike", tags: ["travel"], favorite: true), owner: alice)
            _ = try store.wishes.create(
                WishDraft(name: "Tokyo tower", place: Place(name: "Tokyo", latitude: 35.6586, longitude: 139.7454, source: .manual)),
                owner: bob)
            _ = try store.journal.create(
                JournalDraft(title: "숲 산책", contents: "가방 보러 감", date: "2026-11-30", time: "10:30", place: seoul, wishIDs: [bag.id]),
                owner: alice)
            wishes = try store.wishes.list(WishListQuery(limit: 100), owner: alice).items
            entries = try store.journal.list(JournalListQuery(limit: 100), owner: alice).items
            searches = try Self.searches(in: store, owner: alice)
            pendingToken = try store.pendingShares.keep(pendingShare, now: Date())
            try store.close()
        }

        /// Korean mid-word, a memo's word, a site, a spot's title without its space, a journal word.
        static func searches(in store: Store, owner: UserKey) throws -> [SearchAnswer] {
            let search = Search(store: store, gazetteer: .shared)
            return try ["가방", "사자", "musinsa", "이태원클라쓰", "산책"].map { text in
                try search.answer(SearchQuery(text: text, groups: [.byName, .byTag, .byText, .journal, .spots]), owner: owner)
            }
        }
    }

    @Test func everythingMovesWithItsIdsAndTheNextRecordGetsANewOne() throws {
        let source = try Source()
        let url = try TestDatabase.make()
        let tables = try PostgreSQLMove(sqlitePath: source.path, url: url).run()
        let rows = Dictionary(uniqueKeysWithValues: tables.map { ($0.table, $0.rows) })
        #expect(rows["users"] == 2)
        #expect(rows["wishes"] == 3)
        #expect(rows["journal_mentions"] == 1)
        #expect((rows["spots"] ?? 0) > 10_000)
        // Made by PostgreSQL's triggers, and the same cells as SQLite's.
        #expect((rows["place_cells"] ?? 0) > 0)
        #expect((rows["journal_place_cells"] ?? 0) > 0)
        #expect(rows["wish_counts"] == 2, "alice's and bob's, equal to SQLite's")
        #expect(rows["pending_shares"] == 1)

        let moved = try Store(url: url, sqlitePath: "")
        defer { try? moved.close() }
        #expect(try moved.wishes.list(WishListQuery(limit: 100), owner: source.alice).items == source.wishes)
        #expect(try moved.journal.list(JournalListQuery(limit: 100), owner: source.alice).items == source.entries)
        // The search entries were made anew on PostgreSQL: every search answers as it did.
        #expect(try Source.searches(in: moved, owner: source.alice) == source.searches)
        #expect(try moved.pendingShares.take(source.pendingToken, now: Date()) == source.pendingShare)
        let next = try moved.wishes.create(WishDraft(name: "Lamp"), owner: source.alice)
        #expect(try moved.wishes.list(WishListQuery(limit: 100), owner: source.alice).items.first == next)
        _ = try moved.users.createUser(username: "carol", passwordHash: "x", isAdmin: false, now: Date())
        #expect(try moved.users.userCount() == 3)
    }

    @Test func everyMovedTableIsVacuumedAndAnalyzed() throws {
        let source = try Source()
        let url = try TestDatabase.make()
        try PostgreSQLMove(sqlitePath: source.path, url: url).run()
        let postgres = try PostgresConnection(url: url)
        let done: [String] = try postgres.column(
            "SELECT relname::text FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL AND last_analyze IS NOT NULL")
        #expect(Set(PostgreSQLMove.copiedTables + PostgreSQLMove.rebuiltTables).isSubset(of: done))
    }

    @Test func aDatabaseThatHoldsDataIsRefusedAndLeftAsItWas() throws {
        let source = try Source()
        let url = try TestDatabase.make()
        let target = try Store(url: url, sqlitePath: "")
        _ = try target.users.createUser(username: "zoe", passwordHash: "x", isAdmin: true, now: Date())
        try target.close()
        #expect(throws: PostgreSQLMoveError.targetNotEmpty(table: "users", rows: 1)) {
            try PostgreSQLMove(sqlitePath: source.path, url: url).run()
        }
        let connection = try PostgresConnection(url: url)
        #expect(try connection.column("SELECT username FROM users") == ["zoe"])
        #expect(try connection.scalar("SELECT count(*) FROM wishes") == 0)
    }

    @Test func aRowPostgreSQLRefusesUndoesTheWholeMove() throws {
        let source = try Source()
        // SQLite keeps any value in any column; PostgreSQL's BIGINT takes no word.
        let database = try Database(path: source.path)
        try database.execute("UPDATE wishes SET updated_at = 'yesterday' WHERE name = 'Bike'")
        let url = try TestDatabase.make()
        #expect(throws: PostgresError.self) { try PostgreSQLMove(sqlitePath: source.path, url: url).run() }
        let connection = try PostgresConnection(url: url)
        for table in PostgreSQLMove.copiedTables {
            #expect(try connection.scalar("SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
    }

    @Test func withoutASQLiteFileNothingIsMade() throws {
        let url = try TestDatabase.make()
        #expect(throws: PostgreSQLMoveError.noSQLiteDatabase("/nonexistent/wishlist.sqlite")) {
            try PostgreSQLMove(sqlitePath: "/nonexistent/wishlist.sqlite", url: url).run()
        }
    }
}
