import Foundation
import PostgreSQL
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// `wish_counts`, each account's number of wishes as the database keeps it
/// (`Schema.countWishesPerOwner`), which a share of everything reads for its total: on both
/// engines it follows creates, an import, deletes and an account's deletion, and its migration counts the
/// wishes stored before it.
@Suite struct WishCountsTests {
    @Test(arguments: TestEngine.allCases) func theCountsFollowWishesAsTheyComeAndGo(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        #expect(try Self.counts(test).isEmpty, "no row before a first wish")
        let hers = try test.add(["a", "b", "c"], owner: alice)
        _ = try test.add(["d", "e"], owner: bob)
        #expect(try Self.counts(test) == [alice.rawValue: 3, bob.rawValue: 2])

        try test.library.delete(\.wishes, hers[0].id, owner: alice)
        _ = try test.add(["f"], owner: bob, startingAt: 2_000)
        #expect(try Self.counts(test) == [alice.rawValue: 2, bob.rawValue: 3])

        // An account's archive imported into another: its wishes are counted as they arrive.
        var archive = Data()
        try AccountExporter(library: test.library).export(owner: alice, now: Date()) { archive.append(contentsOf: $0) }
        let path = test.directory.appending(path: "alice.zip").path
        try archive.write(to: URL(fileURLWithPath: path))
        let carol = try test.addUser("carol")
        _ = try AccountImporter(library: test.library).importArchive(at: path, owner: carol)
        #expect(try Self.counts(test) == [alice.rawValue: 2, bob.rawValue: 3, carol.rawValue: 2])

        try test.store.users.deleteUser(username: "bob")
        #expect(try Self.counts(test) == [alice.rawValue: 2, carol.rawValue: 2], "the row goes with its account")
        #expect(try Self.counts(test) == Self.countedOneByOne(test))
    }

    @Test(arguments: TestEngine.allCases) func theMigrationCountsTheWishesAlreadyThere(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        _ = try test.add(["a", "b", "c"], owner: alice)
        _ = try test.add(["d"], owner: bob)
        _ = try test.addUser("carol")
        // Taken away, triggers and all, as before the migration; then the migration again.
        switch engine {
        case .sqlite:
            let database = try Database(path: test.directory.appending(path: "wishlist.sqlite").path)
            try database.execute("DROP TRIGGER wish_counts_insert; DROP TRIGGER wish_counts_delete; DROP TABLE wish_counts;")
            try Schema.countWishesPerOwner(database)
        case .postgres:
            let connection = try PostgresConnection(url: try #require(test.url))
            defer { connection.close() }
            try connection.execute(
                """
                DROP TRIGGER wish_counts_insert ON wishes; DROP TRIGGER wish_counts_delete ON wishes; DROP TABLE wish_counts;
                DROP FUNCTION count_inserted_wishes(); DROP FUNCTION count_deleted_wishes();
                """)
            try Schema.countWishesPerOwner(connection)
        }
        #expect(try Self.counts(test) == [alice.rawValue: 3, bob.rawValue: 1])
        _ = try test.add(["e"], owner: bob, startingAt: 2_000)
        #expect(try Self.counts(test) == [alice.rawValue: 3, bob.rawValue: 2], "and counts on after it")
    }

    /// Each account's count as kept, by account id.
    private static func counts(_ test: TestStore) throws -> [Int64: Int64] {
        try test.store.database.read { db in
            try Dictionary(
                uniqueKeysWithValues: db.query("SELECT owner_id, count FROM wish_counts WHERE count > 0").map {
                    (try $0["owner_id"] as Int64, try $0["count"] as Int64)
                })
        }
    }

    /// Each account's wishes counted one by one, by account id.
    private static func countedOneByOne(_ test: TestStore) throws -> [Int64: Int64] {
        try test.store.database.read { db in
            try Dictionary(
                uniqueKeysWithValues: db.query("SELECT owner_id, count(*) AS n FROM wishes GROUP BY owner_id").map {
                    (try $0["owner_id"] as Int64, try $0["n"] as Int64)
                })
        }
    }
}
