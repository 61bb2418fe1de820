import PostgreSQL

/// Rows of another table that a PostgreSQL statement answers with each record it selects, folded
/// into one column of the record's row (`PostgresRow.folded`): a page of wishes comes with their
/// photos and prices in one statement. SQLite, in the same process, asks a second query instead.
///
/// Why: on PostgreSQL the second query was a second round trip, and a transaction around both so
/// that they saw the same data. One statement sees one snapshot by itself; read so, the first page
/// of the wish list answered 5–10 % more requests a second at 4 connections, the tag filter 15–21 %.
struct FoldedRows: Sendable {
    /// How a column's text is read.
    enum Kind: Sendable {
        /// `INTEGER` and `BIGINT`.
        case integer
        /// `DOUBLE PRECISION`.
        case real
        case text

        fileprivate var type: PostgresType {
            switch self {
            case .integer: .int8
            case .real: .float8
            case .text: .text
            }
        }
    }

    /// The folded rows' columns, as named in their table.
    let columns: [(name: String, kind: Kind)]
    /// Their table, its alias, the condition picking the record's rows (`p.wish_id = w.id`) and
    /// their order.
    let table: String
    let alias: String
    let condition: String
    let order: String
    /// The column holding them in the record's row.
    let name: String

    /// The subquery selecting the rows as one column named `name`, each value cast to text.
    var selected: String {
        let values = columns.map { "\(alias).\($0.name)::text" }.joined(separator: ", ")
        return "(SELECT json_agg(json_build_array(\(values)) ORDER BY \(order)) FROM \(table) \(alias) WHERE \(condition)) AS \(name)"
    }

    /// The rows folded into `row`, read as a result's rows would be.
    func rows(in row: SQLRow) throws -> [SQLRow] {
        try PostgresRow.folded(row[name], names: columns.map(\.name), types: columns.map(\.kind.type)).map(SQLRow.init)
    }
}
