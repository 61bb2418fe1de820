import PostgreSQL
import SQLite

/// `SQLConnection` on one of a `PostgresPool`'s connections.
///
/// The request's `CredentialCheck`, while one is pending, goes with the first statement sent
/// here, in the same round trip (libpq's pipeline), and is read first: a refused one fails the
/// statement instead of answering its rows.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection

    var sqliteDatabase: Database? { nil }
    var dialect: SQLDialect { .postgres }

    func run(_ sql: String, _ arguments: SQLArguments) throws -> Int {
        // `run` answers a count of rows, which a pipeline does not: the check goes first, alone.
        if let check = try CredentialCheck.takePending() { _ = try withCheck(check, []) }
        return try connection.run(sql, arguments.postgres)
    }

    func query(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow] {
        if let check = try CredentialCheck.takePending() { return try withCheck(check, [(sql, arguments)])[0].map(SQLRow.init) }
        return try connection.query(sql, arguments.postgres).map(SQLRow.init)
    }

    func queryFirst(_ sql: String, _ arguments: SQLArguments) throws -> SQLRow? {
        try query(sql, arguments).first
    }

    func scalar<T: SQLDecodable>(_ sql: String, _ arguments: SQLArguments) throws -> T? {
        guard let check = try CredentialCheck.takePending() else { return try connection.scalar(sql, arguments.postgres) }
        guard let row = try withCheck(check, [(sql, arguments)])[0].first, let value = row.values.first, !value.isNull else {
            return nil
        }
        return try row[0] as T
    }

    func queries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        if let check = try CredentialCheck.takePending() { return try withCheck(check, statements).map { $0.map(SQLRow.init) } }
        return try connection.queries(statements.map { ($0.sql, $0.arguments.postgres) }).map { $0.map(SQLRow.init) }
    }

    /// The rows of `statements`, sent after `check` in one round trip, once `check`'s rows confirm it.
    private func withCheck(_ check: CredentialCheck, _ statements: [(sql: String, arguments: SQLArguments)]) throws
        -> [[PostgresRow]]
    {
        let all = try connection.queries(
            [(check.sql, check.arguments().postgres)] + statements.map { ($0.sql, $0.arguments.postgres) })
        try check.verify(all[0].map(SQLRow.init))
        return Array(all.dropFirst())
    }
}
