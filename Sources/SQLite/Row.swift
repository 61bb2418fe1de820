/// One result row: its values, read by column name or index as any `SQLiteColumnDecodable` type.
public struct Row: Sendable {
    let columns: RowColumns
    let values: [SQLiteValue]

    public var columnNames: [String] { columns.names }

    /// The value of the first column with this name (SQLite's names are case-insensitive);
    /// throws `.range` for an unknown name and `.mismatch` for a wrong type.
    public subscript<T: SQLiteColumnDecodable>(_ column: String) -> T {
        get throws {
            guard let index = columns.index(of: column) else {
                throw SQLiteError(code: .range, message: "no column named '\(column)'; columns are \(columns.names)")
            }
            return try decode(at: index)
        }
    }

    /// The value at a 0-based column index; throws `.range` out of bounds and `.mismatch` for a wrong type.
    public subscript<T: SQLiteColumnDecodable>(_ index: Int) -> T {
        get throws {
            guard values.indices.contains(index) else {
                throw SQLiteError(code: .range, message: "no column at index \(index); the row has \(values.count)")
            }
            return try decode(at: index)
        }
    }

    private func decode<T: SQLiteColumnDecodable>(at index: Int) throws -> T {
        do {
            return try T(sqliteValue: values[index])
        } catch let error as SQLiteError where error.code == .mismatch {
            // Name the column: "expected Int, found TEXT" alone does not say where.
            throw SQLiteError(code: .mismatch, message: "column '\(columns.names[index])': \(error.message)")
        }
    }
}
