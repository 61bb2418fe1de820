import Foundation
import PostgreSQL
import SQLite
import WishlistCore

/// The app's data: opens the database, brings its schema up to date, and hands out one repository
/// per kind of record. Every SQL statement of the product lives in this module.
///
/// The database is the SQLite file in the data folder, or a PostgreSQL database given by its URL
/// (`--database`). Every repository runs through `StoreDatabase`, the same on both engines (see
/// "PostgreSQL, the second engine" in docs/ARCHITECTURE.md).
public final class Store: Sendable {
    let database: StoreDatabase

    /// Opens (creating if needed) the SQLite file at `path` and applies pending migrations.
    public convenience init(path: String, readerCount: Int = 4) throws {
        try self.init(url: nil, sqlitePath: path, readerCount: readerCount)
    }

    /// Opens the database `url` names, and applies pending migrations: without a URL the SQLite
    /// file at `sqlitePath` (creating it if needed), with a `postgresql://` (or `postgres://`) URL
    /// that PostgreSQL database through a pool of `connectionCount` connections (nil: as many as
    /// suit where it runs, `PostgresPool.defaultSize(for:)`). libpq is loaded only then: a SQLite
    /// store never maps it.
    public init(url: String?, sqlitePath: String, readerCount: Int = 4, connectionCount: Int? = 4) throws {
        guard let url else {
            let pool = try DatabasePool(
                path: sqlitePath, readerCount: readerCount, watching: Self.credentialTables,
                keyingWritesWith: Schema.accountWrittenFunction)
            try Schema.migrator.migrate(pool)
            try pool.writeWithoutTransaction(counted: false) { try $0.execute(Schema.accountWriteTriggers) }
            database = StoreDatabase(.sqlite(pool))
            return
        }
        guard url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") else {
            throw DatabaseURLError(url: url)
        }
        let pool = try PostgresPool(url: url, size: connectionCount ?? PostgresPool.defaultSize(for: url), applicationName: "wishlist")
        do {
            try Schema.postgresMigrator.migrate(pool)
        } catch {
            pool.close()
            throw error
        }
        database = StoreDatabase(.postgres(pool))
    }

    /// SQLite's pool, for the tests and tools that look into SQLite's own file (see `sqlitePool`).
    var pool: DatabasePool { database.sqlitePool }

    /// How many writes have finished; unchanged means nothing was written (see `DatabasePool.writeCount`).
    /// On SQLite, writes of rows that belong to an account or to everyone are counted apart:
    /// see ``writeCount(for:)``.
    public var writeCount: UInt64 { database.writeCount }

    /// How many writes that changed what `account` reads have finished, with every write counted
    /// by ``writeCount``: unchanged, an answer of the account's reads is still true. On SQLite the
    /// writer's triggers name the account of each row written (`Schema.accountWriteTriggers`), so
    /// other accounts' writes leave it as it was; on PostgreSQL it is ``writeCount`` (the
    /// account's `generation` tells the rest).
    public func writeCount(for account: UserKey) -> UInt64 { database.writeCount(for: account) }

    /// The tables whose rows say who a session cookie or an API token belongs to, and whether it
    /// still may be used: the accounts, their sessions and their tokens.
    static let credentialTables: Set<String> = ["users", "sessions", "api_tokens"]

    /// Changes with every commit that writes a row of the ``credentialTables``, by this process or
    /// another, and with any write of a program that does not count its writes (see
    /// `DatabasePool.watchedWritesVersion`); nil when it cannot be read at once, and always on
    /// PostgreSQL. Who a credential belongs to, read while it stays the same, is still true.
    public func credentialsVersion() -> Int64? { database.credentialsVersion() }

    /// Waits for work in flight and closes every connection.
    public func close() throws {
        try database.close()
    }
}

extension Store {
    /// Whether the database is PostgreSQL rather than SQLite's file.
    public var isPostgreSQL: Bool {
        if case .postgres = database.engine { true } else { false }
    }

    /// Whether the database answers a trivial statement now. A database too busy to lend a
    /// connection in time answers, so it counts as reachable; only a lost or refused connection
    /// does not.
    public func isReachable() -> Bool {
        do {
            let one: Int? = try database.read { try $0.scalar("SELECT 1") }
            return one == 1
        } catch is DatabaseUnavailableError {
            return false
        } catch {
            return true
        }
    }
}
