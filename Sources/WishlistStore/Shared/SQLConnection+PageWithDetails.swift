extension SQLConnection {
    /// The rows of `page`, a statement that selects its records' `id`, and the rows of the queries
    /// `details` makes for those records (their photos, prices, mentions).
    ///
    /// They are the read's last statements (`lastQueries`). On PostgreSQL all go in one round trip
    /// with the read's `COMMIT`: the detail queries find the page's ids by running its statement
    /// again as a subquery, a second walk of a few dozen index entries that costs the server less
    /// than another round trip costs both sides (a journal page took 18 % less CPU on both sides
    /// together). On SQLite, which has no round trips, the page is read first and the details of
    /// its ids after.
    func page(
        _ page: (sql: String, arguments: SQLArguments), with details: (RecordIDs) -> [(sql: String, arguments: SQLArguments)]
    ) throws -> (rows: [SQLRow], details: [[SQLRow]]) {
        switch dialect {
        case .postgres:
            let found = try lastQueries([page] + details(.selected(by: page)))
            return (found[0], Array(found.dropFirst()))
        case .sqlite:
            let rows = try query(page.sql, page.arguments)
            let ids: [Int64] = try rows.map { try $0["id"] }
            let queries = details(.listed(ids))
            guard !ids.isEmpty else { return (rows, queries.map { _ in [] }) }
            return (rows, try self.queries(queries))
        }
    }
}
