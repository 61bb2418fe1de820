/// Why `PostgreSQLMove` moved nothing: the target is left as it was.
public enum PostgreSQLMoveError: Error, Equatable, CustomStringConvertible {
    case noSQLiteDatabase(String)
    case targetNotEmpty(table: String, rows: Int)
    /// PostgreSQL has tables the move knows nothing of (a programming error: a new table must be
    /// copied or derived).
    case unknownTables([String])
    case schemasDiffer(table: String, onlySQLite: [String], onlyPostgreSQL: [String])
    case unsupportedColumnType(String)
    case copyDiffers(table: String, sqliteRows: Int, postgresRows: Int)
    /// A table without a primary key cannot be read back a page at a time (a programming error).
    case noPrimaryKey(String)

    public var description: String {
        switch self {
        case .noSQLiteDatabase(let path): "There is no database at \(path): give the data directory of the server to move (--data)."
        case .targetNotEmpty(let table, let rows):
            "The PostgreSQL database is not empty (\(table) has \(rows) rows): move into a new, empty database."
        case .unknownTables(let tables): "PostgreSQL has tables this release does not move: \(tables.joined(separator: ", "))."
        case .schemasDiffer(let table, let onlySQLite, let onlyPostgreSQL):
            "The table \(table) differs between the engines (only in SQLite: \(onlySQLite), only in PostgreSQL: \(onlyPostgreSQL))."
        case .unsupportedColumnType(let type): "A column of type \(type) cannot be moved."
        case .noPrimaryKey(let table): "The table \(table) has no primary key to read it back by."
        case .copyDiffers(let table, let sqliteRows, let postgresRows):
            "The copy of \(table) differs from the original (\(sqliteRows) rows in SQLite, \(postgresRows) in PostgreSQL, or the same count with other values); nothing was moved."
        }
    }
}
