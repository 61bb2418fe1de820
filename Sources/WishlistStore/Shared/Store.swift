import Foundation
import SQLite

/// The app's data on SQLite: opens the database, brings its schema up to date, and hands out one
/// repository per kind of record. Every SQL statement of the product lives in this module.
public final class Store: Sendable {
    let pool: DatabasePool

    /// Opens (creating if needed) the database file at `path` and applies pending migrations.
    public init(path: String, readerCount: Int = 4) throws {
        pool = try DatabasePool(path: path, readerCount: readerCount)
        try Schema.migrator.migrate(pool)
    }

    /// How many writes have finished; unchanged means nothing was written (see `DatabasePool.writeCount`).
    public var writeCount: UInt64 { pool.writeCount }

    /// Changes with every commit to the file by this process or another; nil when it cannot be
    /// read at once (see `DatabasePool.dataVersion`).
    public func dataVersion() -> Int64? { pool.dataVersion() }

    /// Waits for work in flight and closes every connection.
    public func close() throws {
        try pool.close()
    }
}
