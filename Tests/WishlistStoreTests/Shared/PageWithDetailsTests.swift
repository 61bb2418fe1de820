import Foundation
import PostgreSQL
import Testing
import WishlistCore

@testable import WishlistStore

/// A list's page reads its records' details with it (`SQLConnection.page(_:with:)`): on PostgreSQL
/// the details find the page's ids by running its statement again, in the same round trip as the
/// page, the `BEGIN` and the `COMMIT`. Each record gets its own details, page after page.
@Suite struct PageWithDetailsTests {
    @Test(arguments: TestEngine.allCases) func everyWishOfEveryPageHasItsOwnPrices(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        let hers = try test.add((1...7).map { "w\($0)" }, owner: alice, tags: ["bike"])
        let his = try test.add(["b1"], owner: bob, tags: ["bike"])
        for (index, wish) in hers.enumerated() where index % 2 == 0 {
            _ = try test.store.wishes.recordPrice(Decimal(index + 10), currency: "EUR", on: wish.id, owner: alice)
        }
        _ = try test.store.wishes.recordPrice(99, currency: "EUR", on: his[0].id, owner: bob)
        let expected = try Dictionary(
            uniqueKeysWithValues: hers.map { wish in
                (wish.name, try #require(try test.wishes.get(wish.id, owner: alice)).priceHistory.map(\.amount))
            })
        for query in [try WishListQuery(limit: 3), try WishListQuery(tag: "bike", limit: 2), try WishListQuery(sort: .name, limit: 4)] {
            var seen: [String] = []
            var cursor: String?
            repeat {
                var page = query
                page.cursor = cursor
                let read = try test.wishes.list(page, owner: alice)
                for wish in read.items { #expect(wish.priceHistory.map(\.amount) == expected[wish.name], "\(wish.name)") }
                seen += read.items.map(\.name)
                cursor = read.nextCursor
            } while cursor != nil
            #expect(Set(seen) == Set(expected.keys))
            #expect(seen.count == hers.count)
        }
    }

    @Test(arguments: TestEngine.allCases) func everyEntryOfEveryPageHasItsOwnMentions(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let wishes = try test.add(["bag", "hat"], owner: alice)
        var expected: [String: [UUID]] = [:]
        for day in 1...5 {
            let mentions = day % 2 == 0 ? [wishes[day % 4 == 0 ? 1 : 0].id] : []
            let entry = try test.store.journal.create(
                JournalDraft(title: "e\(day)", date: "2026-08-0\(day)", wishIDs: mentions), owner: alice)
            expected[entry.title] = mentions
        }
        var seen: [String] = []
        var cursor: String?
        repeat {
            let read = try test.store.journal.list(try JournalListQuery(limit: 2, cursor: cursor), owner: alice)
            for entry in read.items { #expect(entry.wishIDs == expected[entry.title], "\(entry.title)") }
            seen += read.items.map(\.title)
            cursor = read.nextCursor
        } while cursor != nil
        #expect(seen == ["e5", "e4", "e3", "e2", "e1"])
    }

    /// The `BEGIN`, the page, its details and the `COMMIT`, where they took two round trips and
    /// the server woke a third time for the `COMMIT`.
    @Test func aPageOfWishesOrOfTheJournalIsOneRoundTripOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        let wishes = try test.add(["bag", "hat"], owner: alice, tags: ["bike"])
        _ = try test.store.journal.create(JournalDraft(title: "trip", date: "2026-08-01", wishIDs: [wishes[0].id]), owner: alice)
        // One connection, so that the reads below and the counts use it alike.
        let (store, pool) = try test.oneConnectionStore()
        defer { try? store.close() }
        let reads: [() throws -> Int] = [
            { try store.wishes.list(WishListQuery(), owner: alice).items.count },
            { try store.wishes.list(WishListQuery(tag: "bike"), owner: alice).items.count },
            { try store.journal.list(JournalListQuery(), owner: alice).items.count }
        ]
        for read in reads {
            _ = try read()  // prepares its statements
            var count = 0
            #expect(try TestStore.roundTrips(of: { count = try read() }, on: pool) == 1)
            #expect(count > 0)
            #expect(try pool.withConnection { $0.isInTransaction } == false)
        }
    }

    /// The details find a page's ids through an array (`RecordIDs.selected`): on the generic plan,
    /// which takes `LIMIT :limit` for a tenth of the rows, the page's photos are then looked up by
    /// their index. Written as a plain subquery, the same plan reads every photo of the table.
    @Test func aPagesPhotosAreLookedUpByTheirIndexOnTheGenericPlan() throws {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        try test.store.database.write { db in
            try db.run(
                """
                INSERT INTO wishes (uuid, owner_id, name, name_key, created_at, updated_at)
                SELECT 'w' || n, :owner, 'wish ' || n, 'wish ' || n, n, n FROM generate_series(1, 20000) n
                """, ["owner": alice.rawValue])
            try db.run(
                """
                INSERT INTO photos (uuid, owner_id, wish_id, position, sha256, format, original_width, original_height,
                    width, height, created_at)
                SELECT 'p' || id, owner_id, id, 0, 'x', 'jpeg', 1, 1, 1, 1, created_at FROM wishes
                """, [:])
            try db.run("ANALYZE wishes", [:])
            try db.run("ANALYZE photos", [:])
        }
        let page = (
            sql: "SELECT w.id FROM wishes w WHERE w.owner_id = :owner ORDER BY w.created_at DESC, w.id DESC LIMIT :limit",
            arguments: ["owner": alice.rawValue, "limit": 20] as SQLArguments
        )
        /// The page's photos, and the rows of `photos` this read's scans of the whole table read.
        func photos(_ dialect: SQLDialect) throws -> (photos: Int, scanned: Int) {
            try test.store.database.read { db in
                let photos = try db.queries([PhotoRepository.photosQuery(of: .wish, .selected(by: page), dialect)])[0]
                let scanned: Int? = try db.scalar(
                    "SELECT CAST(seq_tup_read AS BIGINT) FROM pg_stat_xact_user_tables WHERE relname = 'photos'", [:])
                return (photos.count, scanned ?? 0)
            }
        }
        #expect(try photos(.postgres) == (20, 0))
        // SQLite's form of the subquery, which PostgreSQL also reads: every photo.
        #expect(try photos(.sqlite) == (20, 20_000))
    }
}
