import PostgreSQL
import SQLite

/// `SQLConnection` on one of a `PostgresPool`'s connections.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection

    var sqliteDatabase: Database? { nil }
    var dialect: SQLDialect { .postgres }

    func run(_ sql: String, _ arguments: SQLArguments) throws -> Int {
        try connection.run(sql, arguments.postgres)
    }

    func query(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow] {
        try connection.query(sql, arguments.postgres).map(SQLRow.init)
    }

    func queryFirst(_ sql: String, _ arguments: SQLArguments) throws -> SQLRow? {
        try connection.queryFirst(sql, arguments.postgres).map(SQLRow.init)
    }

    func scalar<T: SQLDecodable>(_ sql: String, _ arguments: SQLArguments) throws -> T? {
        try connection.scalar(sql, arguments.postgres)
    }

    func queries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        try connection.queries(statements.map { ($0.sql, $0.arguments.postgres) }).map { $0.map(SQLRow.init) }
    }
}
