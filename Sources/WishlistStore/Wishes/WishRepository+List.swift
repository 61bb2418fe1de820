import WishlistCore

extension WishRepository {
    /// One page of the account's wishes, filtered and sorted as `query` says.
    ///
    /// Pages are keyset pages: the cursor holds the sort key of the last wish shown, so a wish added
    /// or deleted meanwhile never shifts a page, and page 1 000 costs what page 1 costs.
    public func list(_ query: WishListQuery, owner: UserKey) throws -> Page<Wish> {
        try page(query, owner: owner, walksNames: nil)
    }

    /// ``list(_:owner:)``, with the way a tag filter in name order runs chosen by the tag's count
    /// when `walksNames` is nil (tests set it, to check that both ways give the same pages).
    ///
    /// `sharedOnly` leaves out private wishes, for a shared list (X7, X8).
    func page(_ query: WishListQuery, owner: UserKey, walksNames: Bool?, sharedOnly: Bool = false) throws -> Page<Wish> {
        let cursor = try query.cursor.map { text throws(InvalidCursorError) in
            try Cursor(decoding: text, owner: owner, query: query)
        }
        return try database.read { db in
            var walks = false
            if query.sort == .name, let tag = query.tag {
                if let walksNames {
                    walks = walksNames
                } else {
                    let count: Int? = try db.scalar(
                        "SELECT count FROM tags WHERE owner_id = :owner AND tag_key = :tag",
                        ["owner": owner.rawValue, "tag": Tag.key(tag)])
                    walks = (count ?? 0) > Self.tagSortThreshold
                }
            }
            let statement = Self.listStatement(
                query, owner: owner, after: cursor, walksNames: walks, sharedOnly: sharedOnly, db.dialect)
            let (rows, details) = try Self.page(statement, db)
            return try Page(rows: rows, limit: query.limit, items: { try Self.wishes(from: $0, details: details) }) { last in
                try Cursor(
                    after: try last["id"], createdAt: try last["created_at"], nameKey: try last["name_key"], query: query
                ).encoded(owner: owner)
            }
        }
    }

    /// Above this many wishes, a tag's wishes in name order are found by walking all wishes in name
    /// order and keeping the tagged ones (quick when the tag is common); below it, by sorting the
    /// tag's wishes (quick when it is rare). At a million wishes both take about a millisecond there.
    static let tagSortThreshold = 3_000

    /// The SQL of a page and its arguments. Only fixed fragments are put together here; every value
    /// is bound. A tag filter reads `wish_tags` first (`joinInOrder`), whose
    /// key already lists the tag's wishes by date, unless `walksNames`.
    private static func listStatement(
        _ query: WishListQuery, owner: UserKey, after cursor: Cursor?, walksNames: Bool, sharedOnly: Bool,
        _ dialect: SQLDialect
    ) -> (sql: String, arguments: SQLArguments) {
        var arguments: SQLArguments = ["owner": owner.rawValue, "limit": query.limit + 1]
        var sql = "SELECT \(columns), w.name_key FROM "
        let dateColumns: (created: String, id: String)
        if let tag = query.tag, walksNames {
            sql += """
                wishes w WHERE w.owner_id = :owner AND EXISTS (SELECT 1 FROM wish_tags t WHERE t.owner_id = w.owner_id
                AND t.tag_key = :tag AND t.created_at = w.created_at AND t.wish_id = w.id)
                """
            arguments += ["tag": Tag.key(tag)]
            dateColumns = ("w.created_at", "w.id")
        } else if let tag = query.tag {
            sql += "wish_tags t \(dialect.joinInOrder) wishes w ON w.id = t.wish_id WHERE t.owner_id = :owner AND t.tag_key = :tag"
            arguments += ["tag": Tag.key(tag)]
            dateColumns = ("t.created_at", "t.wish_id")
        } else {
            sql += "wishes w WHERE w.owner_id = :owner"
            dateColumns = ("w.created_at", "w.id")
        }
        // Literal tests, not parameters, so that each engine can use the partial favorite indexes.
        if let favorite = query.favorite {
            sql += " AND " + dialect.test("w.favorite", is: favorite)
        }
        if sharedOnly { sql += " AND " + dialect.test("w.private", is: false) }
        let keyColumns = query.sort == .name ? ["w.name_key", "w.id"] : [dateColumns.created, dateColumns.id]
        let descending = query.sort == .newest
        if let cursor {
            sql += " AND (\(keyColumns.joined(separator: ", "))) \(descending ? "<" : ">") (:afterKey, :afterID)"
            if query.sort == .name {
                arguments += ["afterKey": cursor.nameKey ?? ""]
            } else {
                arguments += ["afterKey": cursor.createdAt ?? 0]
            }
            arguments += ["afterID": cursor.rowID]
        }
        let order = keyColumns.map { "\($0) \(descending ? "DESC" : "ASC")" }.joined(separator: ", ")
        sql += " ORDER BY \(order) LIMIT :limit"
        return (sql, arguments)
    }
}
