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

    @Test func thePrefixBeforeAMigrationIsTheSchemaAsItWasThen() throws {
        let migrator = Self.migrator()
        #expect(migrator.prefix(before: "003-add-name").identifiers == ["001-create-log", "002-create-item"])
        #expect(migrator.prefix(before: "001-create-log").identifiers == [])
        #expect(migrator.prefix(before: "999-unknown").identifiers == migrator.identifiers)
        // The older database then takes the rest.
        let database = try Database(path: ":memory:")
        try migrator.prefix(before: "003-add-name").migrate(database)
        try migrator.migrate(database)
        #expect(try migrator.appliedIdentifiers(database) == migrator.identifiers)
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

    /// A parent with two children that cascade on delete, as `wishes` and `photos` are.
    static func parentAndChildren() -> Migrator {
        var migrator = Migrator()
        migrator.register("001-parent-child") { database in
            try database.execute(
                """
                CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id) ON DELETE CASCADE);
                INSERT INTO parent VALUES (1, 'a'), (2, 'b');
                INSERT INTO child VALUES (10, 1), (11, 2);
                """)
        }
        return migrator
    }

    private func foreignKeysAreOn(_ database: Database) throws -> Bool {
        try database.scalar("PRAGMA foreign_keys") == true
    }

    @Test func rebuildingAParentTableKeepsItsChildren() throws {
        let database = try Database(path: ":memory:")
        var migrator = Self.parentAndChildren()
        // SQLite's way to change a column: a new table, copy, drop the old one, rename.
        migrator.register("002-rebuild-parent") { database in
            try database.execute(
                """
                CREATE TABLE parent_new(id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
                INSERT INTO parent_new SELECT id, coalesce(name, '') FROM parent;
                DROP TABLE parent;
                ALTER TABLE parent_new RENAME TO parent;
                """)
        }
        try migrator.migrate(database)
        #expect(try database.query("SELECT id FROM child ORDER BY id").map { try $0[0] as Int64 } == [10, 11])
        #expect(try foreignKeysAreOn(database))
        // Still enforced and still cascading after the rebuild.
        try database.run("DELETE FROM parent WHERE id = 1")
        #expect(try database.query("SELECT id FROM child ORDER BY id").map { try $0[0] as Int64 } == [11])
    }

    @Test func aMigrationLeavingADanglingForeignKeyIsRefused() throws {
        let database = try Database(path: ":memory:")
        var migrator = Self.parentAndChildren()
        try migrator.migrate(database)
        migrator.register("002-orphan") { database in
            try database.execute("CREATE TABLE note(x)")
            try database.run("DELETE FROM parent WHERE id = 2")
        }
        let error = #expect(throws: MigrationError.self) { try migrator.migrate(database) }
        guard case .foreignKeyViolation(let identifier, let table, let rowID, let parent) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(identifier == "002-orphan")
        #expect(table == "child")
        #expect(rowID == 11)
        #expect(parent == "parent")
        #expect(error?.description.contains("'child'") == true)
        // Nothing of it stays.
        #expect(try migrator.appliedIdentifiers(database) == ["001-parent-child"])
        #expect(try database.scalar("SELECT count(*) FROM parent") == 2)
        #expect(try !tables(database).contains("note"))
        #expect(try foreignKeysAreOn(database))
    }

    @Test func foreignKeysAreBackOnAfterAFailingMigration() throws {
        let database = try Database(path: ":memory:")
        var migrator = Self.parentAndChildren()
        migrator.register("002-broken") { _ in throw Broken() }
        #expect(throws: MigrationError.self) { try migrator.migrate(database) }
        #expect(try foreignKeysAreOn(database))
    }

    @Test func refusesToRunInsideATransaction() throws {
        let database = try Database(path: ":memory:")
        try database.execute("BEGIN")
        #expect(throws: SQLiteError.self) { try Self.parentAndChildren().migrate(database) }
        try database.execute("ROLLBACK")
        #expect(try tables(database) == [])
    }
}
