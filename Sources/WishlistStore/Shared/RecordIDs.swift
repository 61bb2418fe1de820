/// The records whose details (photos, prices, mentions) a detail query reads.
enum RecordIDs {
    /// Ids known before any row is read (a search page's).
    case listed([Int64])
    /// The ids a page's statement selects, as its `id` column: a detail query finds them by running
    /// that statement again as a subquery, so that it can go with the page in one round trip.
    case selected(by: (sql: String, arguments: SQLArguments))

    /// The test that `column` is one of the ids, with its arguments; listed ids are bound, as a
    /// JSON array, to `parameter` (without its colon).
    func test(_ column: String, parameter: String, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        switch self {
        case .listed(let ids):
            (dialect.test(column, isAmongIDsIn: ":" + parameter), [parameter: ids.jsonArray])
        case .selected(let page) where dialect == .postgres:
            // Gathered into an array first (an InitPlan, run once): a generic plan takes `LIMIT $n`
            // for a tenth of the table's rows, and for that many ids it read every photo (13 ms at
            // 130,000 photos) where an index lookup per id takes 0.3 ms. An array's members it
            // takes for a few, as it does the listed ids'.
            ("\(column) = ANY(ARRAY(SELECT page.id FROM (\(page.sql)) page))", page.arguments)
        case .selected(let page):
            ("\(column) IN (SELECT page.id FROM (\(page.sql)) page)", page.arguments)
        }
    }
}
