import SQLite

/// `SQLConnection` on one of a `DatabasePool`'s SQLite connections.
struct SQLiteConnection: SQLConnection {
    let database: Database

    var sqliteDatabase: Database? { database }
    var dialect: SQLDialect { .sqlite }

    func run(_ sql: String, _ arguments: SQLArguments) throws -> Int {
        try database.run(sql, arguments.sqlite)
        return database.changes
    }

    func query(_ sql: String, _ arguments: SQLArguments) throws -> [SQLRow] {
        try database.query(sql, arguments.sqlite).map(SQLRow.init)
    }

    func queryFirst(_ sql: String, _ arguments: SQLArguments) throws -> SQLRow? {
        try database.queryFirst(sql, arguments.sqlite).map(SQLRow.init)
    }

    func scalar<T: SQLDecodable>(_ sql: String, _ arguments: SQLArguments) throws -> T? {
        try database.scalar(sql, arguments.sqlite)
    }

    func queries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        try statements.map { try query($0.sql, $0.arguments) }
    }

    func lastQueries(_ statements: [(sql: String, arguments: SQLArguments)]) throws -> [[SQLRow]] {
        try queries(statements)
    }
}
