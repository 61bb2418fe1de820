import Foundation
import PostgreSQL
import SQLite
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Opening the store on either engine: PostgreSQL's schema from its baseline under SQLite's
/// migration identifiers, migrated once however many processes start at once, and the engines'
/// failures turned into the store's own errors.
@Suite struct StoreEngineTests {
    @Test func postgreSQLRecordsTheSameMigrationsAsSQLite() {
        #expect(Schema.postgresMigrator.identifiers == Schema.migrator.identifiers)
    }

    @Test func severalStoresOpeningAtOnceMigrateOnce() throws {
        let url = try TestDatabase.make()
        let stores = Locked<[Store]>([])
        try onThreads(4) { _ in
            let store = try Store(url: url, sqlitePath: "")
            stores.withLock { $0.append(store) }
        }
        defer { for store in stores.value { try? store.close() } }
        let connection = try PostgresConnection(url: url)
        let recorded: [String] = try connection.column("SELECT identifier FROM schema_migrations ORDER BY identifier")
        #expect(recorded == Schema.migrator.identifiers.sorted())
        // Every store works on the one schema.
        _ = try stores.value[0].users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Date())
        #expect(try stores.value.map { try $0.users.userCount() } == [1, 1, 1, 1])
    }

    @Test func aDatabaseMigratedByANewerReleaseIsRefusedUnchanged() throws {
        let url = try TestDatabase.make()
        try Store(url: url, sqlitePath: "").close()
        let connection = try PostgresConnection(url: url)
        try connection.run("INSERT INTO schema_migrations (identifier) VALUES ('2099-01-01-future')")
        #expect {
            try Store(url: url, sqlitePath: "")
        } throws: { error in
            guard case MigrationError.unknownAppliedMigrations(let unknown) = error else { return false }
            return unknown == ["2099-01-01-future"]
        }
        #expect(try connection.scalar("SELECT count(*) FROM schema_migrations") == Schema.migrator.identifiers.count + 1)
    }

    /// Every table of SQLite's schema is on PostgreSQL with the same columns, but for the indexes
    /// that are SQLite's own: FTS5's search tables and the R*Trees of points (and their shadow tables),
    /// which PostgreSQL has as tables of `tsvector`s (`SearchIndex`) and is to have as B-tree indexes
    /// (issue 31); and PostgreSQL's `account_generations`.
    @Test func theBaselineHasEveryTableOfSQLiteWithTheSameColumnsButSQLitesOwnIndexes() throws {
        let sqlite = try TestStore()
        let sqliteColumns = try sqlite.store.pool.read { db -> [String: Set<String>] in
            let virtual: [String] = try db.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")
            let tables: [String] = try db.column("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
            let plain = tables.filter { table in !virtual.contains { table.hasPrefix($0 + "_") } }
            return Dictionary(
                uniqueKeysWithValues: try plain.map { table in
                    (table, Set(try db.query("SELECT name FROM pragma_table_info(?)", [table]).map { try $0["name"] as String }))
                })
        }
        #expect(sqliteColumns.keys.contains("users") && sqliteColumns.keys.contains("place_cells"))

        let postgresStore = try TestStore(engine: .postgres)
        let postgres = try PostgresConnection(url: try #require(postgresStore.url))
        var postgresColumns: [String: Set<String>] = [:]
        for row in try postgres.query(
            "SELECT table_name::text, column_name::text FROM information_schema.columns WHERE table_schema = 'public'")
        {
            postgresColumns[try row[0], default: []].insert(try row[1])
        }
        // The accounts' generations are PostgreSQL's alone: SQLite's one server counts its own writes.
        // So are the names' postings: FTS5 walks a token's matches newest first itself.
        let postgresOnly = ["account_generations", "wish_name_postings", "journal_postings"]
        #expect(postgresColumns.filter { SearchIndex(rawValue: $0.key) == nil && !postgresOnly.contains($0.key) } == sqliteColumns)
        #expect(SearchIndex.allCases.allSatisfy { postgresColumns[$0.rawValue] == Set(["id", "part", "tokens"] + $0.rankColumns) })
        // Ids and sort keys compare as bytes, as on SQLite, whatever the database's collation
        // (IDLookup finds ids by range, keyset cursors walk names).
        let notBytes: [String] = try postgres.column(
            """
            SELECT table_name || '.' || column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND data_type = 'text' AND coalesce(collation_name, '') <> 'C'
                AND (column_name LIKE '%uuid' OR column_name IN ('username', 'name_key', 'tag_key', 'query_key', 'day'))
            """)
        #expect(notBytes == [])
    }

    @Test func aLostConnectionIsDatabaseUnavailableAndTheStoreGoesOnWithANewOne() throws {
        let test = try TestStore(engine: .postgres)
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Date())
        #expect(throws: DatabaseUnavailableError()) {
            try store.database.read { db in try db.query("SELECT pg_terminate_backend(pg_backend_pid())") }
        }
        #expect(try store.users.userCount() == 1)
    }

    @Test func aServerThatCannotBeReachedIsDatabaseUnavailable() throws {
        let missing = "/tmp/wishlist-no-server-\(UUID().uuidString.prefix(8))"
        let pool = try PostgresPool(url: "postgresql://postgres@/wishlist?host=\(missing)", size: 1)
        let users = UserRepository(database: StoreDatabase(.postgres(pool)))
        #expect(throws: DatabaseUnavailableError()) { try users.userCount() }
        #expect(throws: DatabaseUnavailableError()) {
            try users.createUser(username: "alice", passwordHash: "x", isAdmin: false, now: Date())
        }
    }

    @Test func textWithANULIsRefusedOnPostgreSQLAndNothingIsKept() throws {
        let test = try TestStore(engine: .postgres)
        let owner = try test.addUser("alice")
        #expect(throws: NULCharacterError()) { try test.wishes.create(WishDraft(name: "a\u{0}b"), owner: owner) }
        #expect(try test.wishes.list(WishListQuery(), owner: owner).items.isEmpty)
    }

    @Test func aURLOfAnotherEngineIsRefused() {
        #expect(throws: DatabaseURLError.self) { try Store(url: "mysql://localhost/wishlist", sqlitePath: "") }
    }
}
