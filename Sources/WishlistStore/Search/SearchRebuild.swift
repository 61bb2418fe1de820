import WishlistCore

/// Every record's search entries made anew from its stored columns, with the same documents the
/// writes make: for a database whose rows arrived without them (`PostgreSQLMove`, since SQLite's
/// contentless FTS5 tables keep no text to copy). Records are read a page at a time by id.
enum SearchRebuild {
    static let pageSize = 5_000

    /// Indexes every wish, journal entry, spot title and spot; the indexes must be empty.
    static func run(_ db: any SQLConnection) throws {
        try db.forEachPage(
            "SELECT id, owner_id, name, memo, link FROM wishes WHERE id > :after ORDER BY id LIMIT :limit", pageSize: pageSize
        ) { row in
            let (rowID, owner): (Int64, UserKey) = (try row["id"], UserKey(try row["owner_id"]))
            try WishRepository.index(rowID: rowID, name: try row["name"], owner: owner, db)
            try WishRepository.indexText(rowID: rowID, memo: try row["memo"], link: try row["link"], owner: owner, db)
        }
        try db.forEachPage(
            """
            SELECT \(JournalRepository.columns), e.owner_id FROM journal_entries e
            WHERE e.id > :after ORDER BY e.id LIMIT :limit
            """, pageSize: pageSize
        ) { row in
            let entry = try JournalRepository.entry(from: row)
            try JournalRepository.index(rowID: try row["id"], entry: entry, owner: UserKey(try row["owner_id"]), db)
        }
        try db.forEachPage(
            "SELECT id, title, aliases FROM spot_titles WHERE id > :after ORDER BY id LIMIT :limit", pageSize: pageSize
        ) { row in
            let aliases = TagsColumn.tags(in: try row["aliases"]) ?? []
            try SearchIndex.spotTitles.add(try row["id"], SpotRepository.titleDocument([try row["title"]] + aliases), db)
        }
        try spots(db)
    }

    /// Indexes every spot; `spot_search` must be empty.
    static func spots(_ db: any SQLConnection) throws {
        try db.forEachPage(
            "SELECT id, name, description, address FROM spots WHERE id > :after ORDER BY id LIMIT :limit", pageSize: pageSize
        ) { row in
            let document = SpotRepository.spotDocument(
                name: try row["name"], description: try row["description"], address: try row["address"])
            try SearchIndex.spots.add(try row["id"], document, db)
        }
    }
}
