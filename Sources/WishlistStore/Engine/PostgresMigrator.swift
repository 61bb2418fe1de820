import PostgreSQL
import SQLite

/// The schema's history on PostgreSQL, under the same identifiers as on SQLite (`Schema.migrator`).
///
/// PostgreSQL starts from one baseline: a script that makes the schema as the SQLite migrations up
/// to `baselineIdentifiers.last` left it, recorded under all of their identifiers at once. Each
/// migration after it is registered with its PostgreSQL body beside its SQLite one.
///
/// Everything runs in one transaction holding the advisory lock `migrations`, so that several
/// processes starting at once migrate once: the first takes the lock and migrates, the others wait
/// for it, then find every identifier recorded and do nothing. PostgreSQL's DDL is transactional,
/// so a failing migration leaves nothing behind. As on SQLite, a database that has applied
/// migrations this migrator does not know (a newer release made it) is refused, unchanged.
struct PostgresMigrator: Sendable {
    private struct Migration: Sendable {
        let identifier: String
        let body: @Sendable (PostgresConnection) throws -> Void
    }

    /// The SQLite identifiers the baseline stands for, in order.
    let baselineIdentifiers: [String]
    private let baseline: @Sendable (PostgresConnection) throws -> Void
    private var migrations: [Migration] = []

    init(baseline identifiers: [String], _ baseline: @escaping @Sendable (PostgresConnection) throws -> Void) {
        baselineIdentifiers = identifiers
        self.baseline = baseline
    }

    /// Adds a migration after those already registered, under its SQLite migration's identifier.
    mutating func register(_ identifier: String, _ migration: @escaping @Sendable (PostgresConnection) throws -> Void) {
        migrations.append(Migration(identifier: identifier, body: migration))
    }

    /// Every identifier this migrator records, in order: those of SQLite's migrator, or a test fails.
    var identifiers: [String] {
        baselineIdentifiers + migrations.map(\.identifier)
    }

    /// Applies what is pending, under the advisory lock `migrations`.
    func migrate(_ pool: PostgresPool) throws {
        try pool.transaction { connection in
            try connection.advisoryTransactionLock(PostgresConnection.advisoryLockKey("migrations"))
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    identifier TEXT PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """)
            let applied = Set(try connection.column("SELECT identifier FROM schema_migrations") as [String])
            let unknown = applied.subtracting(identifiers).sorted()
            guard unknown.isEmpty else { throw MigrationError.unknownAppliedMigrations(unknown) }
            if applied.isEmpty {
                try step(baselineIdentifiers.last ?? "baseline") { try baseline(connection) }
                for identifier in baselineIdentifiers {
                    try record(identifier, connection)
                }
            }
            for migration in migrations where !applied.contains(migration.identifier) {
                try step(migration.identifier) { try migration.body(connection) }
                try record(migration.identifier, connection)
            }
        }
    }

    private func step(_ identifier: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            throw MigrationError.migrationFailed(identifier: identifier, underlying: error)
        }
    }

    private func record(_ identifier: String, _ connection: PostgresConnection) throws {
        try connection.run("INSERT INTO schema_migrations (identifier) VALUES (:identifier)", ["identifier": identifier])
    }
}
