import SQLite

extension Store {
    /// The full-text indexes, which grow a segment per write and merge only some of them as they go.
    static let searchIndexes = ["wish_search", "wish_text_search", "journal_search", "spot_search", "spot_title_search"]

    /// How much of an index one step of `compactSearchIndexes` merges, in pages: a few milliseconds
    /// of the writer, so that people's writes wait no longer than that.
    static let mergePagesPerStep = 500

    /// Merges every full-text index into one segment, a step at a time, each step its own write.
    /// A search reads each segment of each of its words: at a hundred thousand journal entries a
    /// word's thousand newest matches cost a third less once merged. Reads see the same rows, so
    /// the steps are not counted as changes (`counted: false`) and cached answers stay. Returns
    /// the number of steps that merged something (none when every index is one segment already).
    @discardableResult
    public func compactSearchIndexes() throws -> Int {
        var steps = 0
        for index in Self.searchIndexes {
            // A negative page count starts a merge of every segment into one; positive ones go on
            // with it. A step that changed fewer than two rows found nothing left to merge.
            var pages = -Self.mergePagesPerStep
            while try pool.write(
                counted: false,
                { db in
                    let before = db.totalChanges
                    try db.run("INSERT INTO \(index) (\(index), rank) VALUES ('merge', ?)", [pages])
                    return db.totalChanges - before >= 2
                })
            {
                steps += 1
                pages = Self.mergePagesPerStep
            }
        }
        return steps
    }
}
