/// Schema migrations, applied in registration order, each in its own transaction, recorded in
/// `schema_migrations(identifier TEXT PRIMARY KEY, applied_at TEXT)`. Refuses to run
/// "backwards": if the database has applied migrations this migrator does not know (a newer
/// version of the app made it), `migrate` throws `MigrationError.unknownAppliedMigrations`
/// and changes nothing.
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

    /// Applies the pending migrations on the pool's writer.
    public func migrate(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { try migrate($0) }
    }

    /// Applies the pending migrations, in registration order, each in its own transaction.
    public func migrate(_ database: Database) throws {
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
                try database.transaction {
                    try migration.body(database)
                    try database.run(
                        "INSERT INTO schema_migrations(identifier, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                        [migration.identifier])
                }
            } catch {
                throw MigrationError.migrationFailed(identifier: migration.identifier, underlying: error)
            }
        }
    }

    /// The identifiers recorded in the database, in the order they were applied.
    public func appliedIdentifiers(_ database: Database) throws -> [String] {
        let hasTable: Int? = try database.scalar(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
        guard hasTable != nil else { return [] }
        return try database.query("SELECT identifier FROM schema_migrations ORDER BY rowid").map { try $0[0] }
    }
}
