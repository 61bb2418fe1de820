import PostgreSQL
import SQLite

/// One result row of either engine, read by column name as any `SQLDecodable` type.
package struct SQLRow {
    private enum Storage {
        case sqlite(Row)
        case postgres(PostgresRow)
    }

    private let storage: Storage

    init(_ row: Row) { storage = .sqlite(row) }
    init(_ row: PostgresRow) { storage = .postgres(row) }

    /// The value of the column with this name; throws the engine's error for an unknown name or a
    /// wrong type.
    subscript<T: SQLDecodable>(_ column: String) -> T {
        get throws {
            switch storage {
            case .sqlite(let row): try row[column]
            case .postgres(let row): try row[column]
            }
        }
    }
}
