/// One result row: its values, read by column name or index as any `PostgresColumnDecodable` type.
public struct PostgresRow: Sendable {
    let columns: PostgresColumns
    /// The row's values, in column order.
    public let values: [PostgresValue]

    public var columnNames: [String] { columns.names }

    /// The value of the first column with this name (as the server spells it: unquoted names are
    /// lower case); throws `.undefinedColumn` for an unknown name and `.datatypeMismatch` for a
    /// wrong type.
    public subscript<T: PostgresColumnDecodable>(_ column: String) -> T {
        get throws {
            guard let index = columns.names.firstIndex(of: column) else {
                throw PostgresError(code: .undefinedColumn, message: "no column named '\(column)'; columns are \(columns.names)")
            }
            return try decode(at: index)
        }
    }

    /// The value at a 0-based column index; throws `.undefinedColumn` out of bounds and
    /// `.datatypeMismatch` for a wrong type.
    public subscript<T: PostgresColumnDecodable>(_ index: Int) -> T {
        get throws {
            guard values.indices.contains(index) else {
                throw PostgresError(code: .undefinedColumn, message: "no column at index \(index); the row has \(values.count)")
            }
            return try decode(at: index)
        }
    }

    /// The first column's value, as a statement answering one value gives it: nil when NULL or
    /// when the row has no column.
    public func firstValue<T: PostgresColumnDecodable>() throws -> T? {
        guard let value = values.first, !value.isNull else { return nil }
        return try decode(at: 0)
    }

    private func decode<T: PostgresColumnDecodable>(at index: Int) throws -> T {
        do {
            return try T(postgresValue: values[index])
        } catch let error as PostgresError where error.code == .datatypeMismatch {
            // Name the column: "expected Int, found text" alone does not say where.
            throw PostgresError(code: .datatypeMismatch, message: "column '\(columns.names[index])': \(error.message)")
        }
    }
}

/// The column names of one result, shared by its rows.
final class PostgresColumns: Sendable {
    let names: [String]

    init(names: [String]) {
        self.names = names
    }
}
