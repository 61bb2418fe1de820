import SQLite
import Testing

@Suite struct MigratorTests {
    struct Broken: Error {}

    /// Three migrations that each log their identifier; the second one only works once.
    static func migrator() -> Migrator {
        var migrator = Migrator()
        migrator.register("001-create-log") { try $0.execute("CREATE TABLE log(step TEXT)") }
        migrator.register("002-create-item") { database in
            try database.execute("CREATE TABLE item(id INTEGER PRIMARY KEY)")
            try database.run("INSERT INTO log VALUES (?)", ["002"])
        }
        migrator.register("003-add-name") { database in
            try database.execute("ALTER TABLE item ADD COLUMN name TEXT")
            try database.run("INSERT INTO log VALUES (?)", ["003"])
        }
        return migrator
    }

    private func tables(_ database: Database) throws -> [String] {
        try database.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map { try $0[0] }
    }

    @Test func appliesOnceInOrder() throws {
        let database = try Database(path: ":memory:")
        let migrator = Self.migrator()
        #expect(try migrator.appliedIdentifiers(database) == [])
        try migrator.migrate(database)
        #expect(try migrator.appliedIdentifiers(database) == ["001-create-log", "002-create-item", "003-add-name"])
        #expect(try database.query("SELECT step FROM log ORDER BY rowid").map { try $0[0] as String } == ["002", "003"])

        // A second run applies nothing: re-running 002 or 003 would throw.
        try migrator.migrate(database)
        #expect(try database.scalar("SELECT count(*) FROM log") == 2)
        let appliedAt: String? = try database.scalar("SELECT applied_at FROM schema_migrations WHERE identifier = '001-create-log'")
        #expect(appliedAt?.hasSuffix("Z") == true)
    }

    @Test func newMigrationsAreAppliedLater() throws {
        let database = try Database(path: ":memory:")
        var migrator = Self.migrator()
        try migrator.migrate(database)
        migrator.register("004-index") { try $0.execute("CREATE INDEX item_name ON item(name)") }
        try migrator.migrate(database)
        #expect(try migrator.appliedIdentifiers(database).last == "004-index")
    }

    @Test func aFailingMigrationRollsBackAndRecordsNothing() throws {
        let database = try Database(path: ":memory:")
        var migrator = Self.migrator()
        migrator.register("004-broken") { database in
            try database.execute("CREATE TABLE half_done(x)")
            throw Broken()
        }
        migrator.register("005-never") { try $0.execute("CREATE TABLE never(x)") }
        let error = #expect(throws: MigrationError.self) { try migrator.migrate(database) }
        guard case .migrationFailed(let identifier, let underlying) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(identifier == "004-broken")
        #expect(underlying is Broken)
        #expect(try migrator.appliedIdentifiers(database) == ["001-create-log", "002-create-item", "003-add-name"])
        #expect(try !tables(database).contains("half_done"))
        #expect(try !tables(database).contains("never"))
    }

    @Test func refusesADatabaseFromANewerVersion() throws {
        let database = try Database(path: ":memory:")
        var newer = Self.migrator()
        newer.register("004-future") { try $0.execute("CREATE TABLE future(x)") }
        try newer.migrate(database)

        var older = Self.migrator()
        older.register("004-other") { try $0.execute("CREATE TABLE other(x)") }
        let tablesBefore = try tables(database)
        let error = #expect(throws: MigrationError.self) { try older.migrate(database) }
        guard case .unknownAppliedMigrations(let unknown) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(unknown == ["004-future"])
        #expect(error?.description.contains("newer version") == true)
        #expect(try tables(database) == tablesBefore)
        #expect(try older.appliedIdentifiers(database).count == 4)
    }

    @Test func refusalOnAFreshDatabaseLeavesNoTrace() throws {
        let database = try Database(path: ":memory:")
        var migrator = Migrator()
        migrator.register("a") { _ in }
        migrator.register("a") { _ in }
        #expect(throws: MigrationError.self) { try migrator.migrate(database) }
        #expect(try tables(database) == [])
    }

    @Test func migratesThroughAPool() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("migrated.sqlite"))
        try Self.migrator().migrate(pool)
        let names = try pool.read { database in
            try database.query("SELECT name FROM pragma_table_info('item') ORDER BY cid").map { try $0[0] as String }
        }
        #expect(names == ["id", "name"])
        try pool.close()
    }
}
