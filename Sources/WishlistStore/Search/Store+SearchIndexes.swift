extension Store {
    /// How much of an index one step of `compactSearchIndexes` merges on SQLite, in pages: a few
    /// milliseconds of the writer, so that people's writes wait no longer than that.
    static let mergePagesPerStep = 500

    /// Tidies every search index, a step at a time, each step its own write; reads see the same
    /// rows, so the steps are not counted as changes (`counted: false`) and cached answers stay.
    /// Returns the number of steps that changed something (none when every index is tidy already).
    ///
    /// - SQLite: merges each FTS5 index into one segment. The indexes grow a segment per write and
    ///   merge only some of them as they go, and a search reads each segment of each of its words:
    ///   at a hundred thousand journal entries a word's thousand newest matches cost a third less
    ///   once merged.
    /// - PostgreSQL: moves each GIN index's pending list (where `fastupdate` puts new entries, read
    ///   in full by every search) into the index proper, as VACUUM would (`gin_clean_pending_list`).
    @discardableResult
    public func compactSearchIndexes() throws -> Int {
        var steps = 0
        for index in SearchIndex.allCases {
            switch database.engine {
            case .sqlite(let pool):
                // A negative page count starts a merge of every segment into one; positive ones go
                // on with it. A step that changed fewer than two rows found nothing left to merge.
                var pages = -Self.mergePagesPerStep
                while try pool.write(
                    counted: false,
                    { db in
                        let before = db.totalChanges
                        try db.run("INSERT INTO \(index.rawValue) (\(index.rawValue), rank) VALUES ('merge', ?)", [pages])
                        return db.totalChanges - before >= 2
                    })
                {
                    steps += 1
                    pages = Self.mergePagesPerStep
                }
            case .postgres:
                let moved: Int =
                    try database.write(counted: false) { db in
                        try db.scalar("SELECT gin_clean_pending_list(CAST(:index AS regclass))", ["index": index.ginIndex])
                    } ?? 0
                if moved > 0 { steps += 1 }
            }
        }
        return steps
    }
}
