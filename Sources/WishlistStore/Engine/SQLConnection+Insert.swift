extension SQLConnection {
    /// Inserts `rows` into `table`, each row's values in the order of `columns`, and answers the
    /// `returning` columns (`"id, uuid"`) of the new rows, in no promised order: read each by a key
    /// among them.
    ///
    /// On PostgreSQL many rows go in one statement, `VALUES (:uuid_0, …), (:uuid_1, …)`: there every
    /// statement is a round trip to the server, which costs more than its row (the K-culture spots'
    /// import, 50,000 rows, took twice SQLite's time one row at a time). On SQLite a statement is a
    /// call in this process, and one prepared statement per row is as fast.
    @discardableResult
    func insert(into table: String, columns: [String], rows: [[any SQLBindable]], returning: String? = nil) throws -> [SQLRow] {
        let rowsPerStatement = dialect == .postgres ? max(1, parametersPerInsert / columns.count) : 1
        var answered: [SQLRow] = []
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            let batch = rows[start..<min(start + rowsPerStatement, rows.count)]
            var tuples: [String] = []
            var arguments: SQLArguments = [:]
            for (index, row) in batch.enumerated() {
                let names = columns.map { "\($0)_\(index)" }
                tuples.append("(" + names.map { ":" + $0 }.joined(separator: ", ") + ")")
                for (name, value) in zip(names, row) { arguments += [name: value] }
            }
            let sql =
                "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))"
                + (returning.map { " RETURNING \($0)" } ?? "")
            if returning == nil {
                try run(sql, arguments)
            } else {
                answered += try query(sql, arguments)
            }
        }
        return answered
    }
}

/// The parameters of one multi-row INSERT on PostgreSQL: far below the 65,535 a statement may
/// have, and past where more rows per round trip saved time.
private let parametersPerInsert = 2_000
