/// A page of rows and how many rows match, read by one PostgreSQL statement, so that the matches,
/// whose every one costs a visit of its table's page there, are read once for both.
///
/// The statement's rows are the count beside each of the page's rows, and the count alone when
/// the page has none (a lateral join kept by `LEFT JOIN … ON TRUE`). The page's rows carry `id`.
struct CountedPage {
    let rows: [SQLRow]
    let counted: Int

    /// The SELECT that follows the statement's WITH clause: `matches` counted by `count` (a
    /// `SELECT count(*) AS matches …`) beside every row of `page` (a SELECT whose rows carry `id`),
    /// in the order of `order` (columns of `page`'s, named `page.column`) when given.
    static func select(count: String, page: String, orderedBy order: String? = nil) -> String {
        """
        SELECT counted.matches, page.* FROM (\(count)) AS counted
        LEFT JOIN LATERAL (\(page)) AS page ON TRUE\(order.map { "\nORDER BY \($0)" } ?? "")
        """
    }

    init(rows: [SQLRow], counted: Int) {
        self.rows = rows
        self.counted = counted
    }

    /// The page's rows and the count, from the rows of a statement made with ``select(count:page:orderedBy:)``.
    init(_ rows: [SQLRow]) throws {
        self.init(rows: try rows.filter { try $0["id"] as Int64? != nil }, counted: try rows.first?["matches"] ?? 0)
    }
}
