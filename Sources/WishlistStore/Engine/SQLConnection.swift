import SQLite

/// One connection of either engine, as the repositories see it inside `StoreDatabase.read` and
/// `write`: statements with named arguments (`:name`), rows read the same way on both engines.
///
/// A repository writes its SQL once where both engines read it alike, which is most of it: named
/// parameters, `ON CONFLICT … DO UPDATE`, `RETURNING id` for the id of a new row (SQLite 3.35 and
/// later), `coalesce`, `count(*)`, boolean columns tested as `WHERE is_admin` or set with a `Bool`
/// argument. A fragment whose text differs is picked by `dialect`; work only SQLite has goes
/// through `sqliteDatabase`.
package protocol SQLConnection {
    /// Runs one statement; answers how many rows it inserted, updated or deleted.
    @discardableResult
    func run(_ sql: String, _ arguments: SQLArguments) throws -> Int

    /// All rows of one statement.
    func query(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow]

    /// The first row, or nil when there is none.
    func queryFirst(_ sql: String, _ arguments: SQLArguments) throws -> SQLRow?

    /// The first column of the first row: nil when there is no row or the value is NULL.
    func scalar<T: SQLDecodable>(_ sql: String, _ arguments: SQLArguments) throws -> T?

    /// All rows of each statement, in order: on PostgreSQL sent at once and answered in one round
    /// trip; on SQLite, which has no round trips, one after another.
    func queries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]]

    /// ``queries(_:)`` as the last statements of a read (`StoreDatabase.read`): on PostgreSQL the
    /// read transaction's `COMMIT` goes with them, in their round trip, and a statement after them
    /// throws. Elsewhere the same as ``queries(_:)``.
    func lastQueries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]]

    /// The engine, for a fragment whose text differs (`SQLDialect`).
    var dialect: SQLDialect { get }

    /// The SQLite connection itself, for the work only SQLite has (its FTS5 search indexes, kept
    /// by hand); nil on PostgreSQL.
    var sqliteDatabase: Database? { get }
}

extension SQLConnection {
    func query(_ sql: String) throws -> [SQLRow] { try query(sql, [:]) }

    func scalar<T: SQLDecodable>(_ sql: String) throws -> T? { try scalar(sql, [:]) }
}

extension SQLConnection {
    /// Every row of `sql` a page of `pageSize` at a time, by the rows' `id`: `sql` selects `id` and
    /// ends with `… > :after ORDER BY … id LIMIT :limit`, so that a million rows are never in memory
    /// at once (inside one read, every page sees the same snapshot).
    func forEachPage(_ sql: String, _ arguments: SQLArguments = [:], pageSize: Int, _ body: (SQLRow) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            let rows = try query(sql, arguments + ["after": after, "limit": pageSize])
            guard let last = rows.last else { return }
            for row in rows { try body(row) }
            after = try last["id"]
        }
    }
}
