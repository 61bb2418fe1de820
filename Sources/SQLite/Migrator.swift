/// Schema migrations, applied in registration order, each in its own transaction, recorded in
/// `schema_migrations(identifier TEXT PRIMARY KEY, applied_at TEXT)`. Refuses to run
/// "backwards": if the database has applied migrations this migrator does not know (a newer
/// version of the app made it), `migrate` throws `MigrationError.unknownAppliedMigrations`
/// and changes nothing.
///
/// Each migration runs with foreign keys off, so rebuilding a table the SQLite way (create the
/// new one, copy, drop the old, rename) does not cascade-delete the rows that point at it. Before
/// it commits, `PRAGMA foreign_key_check` must find nothing, or the migration is rolled back with
/// `MigrationError.foreignKeyViolation`.
public struct Migrator: Sendable {
    private struct Migration: Sendable {
        let identifier: String
        let body: @Sendable (Database) throws -> Void
    }

    private var migrations: [Migration] = []

    public init() {}

    /// Adds a migration after those already registered. An identifier, once shipped, must never
    /// change: it is how a database remembers what it has.
    public mutating func register(_ identifier: String, _ migration: @escaping @Sendable (Database) throws -> Void) {
        migrations.append(Migration(identifier: identifier, body: migration))
    }

    /// The registered migrations' identifiers, in order.
    public var identifiers: [String] {
        migrations.map(\.identifier)
    }

    /// The migrations registered before `identifier` (all of them when it is not registered):
    /// the schema as it was before that migration, for tests of it on older data.
    public func prefix(before identifier: String) -> Migrator {
        var earlier = Migrator()
        earlier.migrations = Array(migrations.prefix { $0.identifier != identifier })
        return earlier
    }

    /// Applies the pending migrations on the pool's writer.
    public func migrate(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { try migrate($0) }
    }

    /// Applies the pending migrations, in registration order, each in its own transaction.
    /// Must be called outside a transaction: SQLite ignores `PRAGMA foreign_keys` inside one.
    public func migrate(_ database: Database) throws {
        guard !database.isInTransaction else {
            throw SQLiteError(code: .misuse, message: "migrations must run outside a transaction")
        }
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.identifier).inserted {
            throw MigrationError.duplicateIdentifier(migration.identifier)
        }
        // One transaction for the bookkeeping table and the check, so a refusal leaves no trace.
        let applied = try database.transaction {
            try database.execute("CREATE TABLE IF NOT EXISTS schema_migrations(identifier TEXT PRIMARY KEY, applied_at TEXT)")
            let applied = try appliedIdentifiers(database)
            let unknown = applied.filter { !seen.contains($0) }
            guard unknown.isEmpty else { throw MigrationError.unknownAppliedMigrations(unknown) }
            return Set(applied)
        }
        for migration in migrations where !applied.contains(migration.identifier) {
            do {
                try database.withForeignKeysOff {
                    try database.transaction {
                        try migration.body(database)
                        try checkForeignKeys(database, after: migration.identifier)
                        try database.run(
                            "INSERT INTO schema_migrations(identifier, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                            [migration.identifier])
                    }
                }
            } catch let error as MigrationError {
                throw error
            } catch {
                throw MigrationError.migrationFailed(identifier: migration.identifier, underlying: error)
            }
        }
    }

    /// Throws for the first row whose foreign key points at nothing, as the migration left it.
    private func checkForeignKeys(_ database: Database, after identifier: String) throws {
        guard let violation = try database.queryFirst("PRAGMA foreign_key_check") else { return }
        throw MigrationError.foreignKeyViolation(
            identifier: identifier, table: try violation[0], rowID: try violation[1], parent: try violation[2])
    }

    /// The identifiers recorded in the database, in the order they were applied.
    public func appliedIdentifiers(_ database: Database) throws -> [String] {
        let hasTable: Int? = try database.scalar(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
        guard hasTable != nil else { return [] }
        return try database.column("SELECT identifier FROM schema_migrations ORDER BY rowid")
    }
}
