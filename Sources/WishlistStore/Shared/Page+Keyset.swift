import WishlistCore

extension Page {
    /// The keyset page of `rows`, read with one more than `limit` to tell whether another page
    /// follows: the items of the first `limit` rows, and then the cursor after the last of them.
    init<Row>(
        rows: [Row], limit: Int, items: ([Row]) throws -> [Item], cursorAfter: (Row) throws -> String
    ) throws {
        let shown = Array(rows.prefix(limit))
        let next = rows.count > limit ? shown.last : nil
        self.init(items: try items(shown), nextCursor: try next.map(cursorAfter))
    }
}
