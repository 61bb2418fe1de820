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
        // `run` answers a count of rows, which a pipeline does not: a pending check goes first, alone.
        _ = try rows([])
        return try connection.run(sql, arguments.postgres)
    }

    func query(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow] {
        try queries([(sql, arguments)])[0]
    }

    func queryFirst(_ sql: String, _ arguments: SQLArguments) throws -> SQLRow? {
        try query(sql, arguments).first
    }

    func scalar<T: SQLDecodable>(_ sql: String, _ arguments: SQLArguments) throws -> T? {
        try rows([(sql, arguments)])[0].first?.firstValue()
    }

    func queries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        try rows(statements).map { $0.map(SQLRow.init) }
    }

    func lastQueries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        try rows(statements, endingTheRead: true).map { $0.map(SQLRow.init) }
    }

    /// The rows of `statements`, sent in one round trip after the request's pending check when
    /// there is one, once that check's rows confirm it; with the read's `COMMIT` after them when
    /// they end it.
    private func rows(_ statements: [(sql: String, arguments: SQLArguments)], endingTheRead: Bool = false) throws
        -> [[PostgresRow]]
    {
        var bound = statements.map { ($0.sql, $0.arguments.postgres) }
        let check = try CredentialCheck.takePending()
        if let check { bound.insert((check.sql, check.arguments().postgres), at: 0) }
        let all = endingTheRead ? try connection.lastQueriesOfRead(bound) : try connection.queries(bound)
        guard let check else { return all }
        try check.verify(all[0].map(SQLRow.init))
        return Array(all.dropFirst())
    }
}
