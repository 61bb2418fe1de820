import WishlistCore

extension SQLDialect {
    /// The rows of `table` (aliased `alias`, selecting `columns`) whose ids are `rowIDs` and whose
    /// owner is `owner`, in the order of `rowIDs`, and the rows `details` select, all read together
    /// (one round): a page that knows its ids reads its records and what goes with them (photos,
    /// prices, mentions) at once. A detail of an id that is not the owner's belongs to no row
    /// read, and the caller gives it to none.
    func ownedRows(
        _ rowIDs: [Int64], owner: UserKey, selecting columns: String, from table: String, as alias: String,
        with details: [(sql: String, arguments: SQLArguments)]
    ) -> StatementRounds<(rows: [SQLRow], details: [[SQLRow]])> {
        let records = (
            sql: """
            SELECT \(columns)
            FROM (\(members(ofJSONArray: ":rowIDs", as: .integer))) j \(joinInOrder) \(table) \(alias)
                ON \(alias).id = j.value
            WHERE \(alias).owner_id = :owner
            """,
            arguments: ["rowIDs": rowIDs.jsonArray, "owner": owner.rawValue] as SQLArguments
        )
        return StatementRounds.answers([records] + details).map { found in (try found[0].inOrder(of: rowIDs), Array(found.dropFirst())) }
    }
}
