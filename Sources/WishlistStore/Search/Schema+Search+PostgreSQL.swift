extension Schema {
    /// The search indexes on PostgreSQL (`SearchIndex`), which SQLite keeps as FTS5 tables made by
    /// `createWishes`, `createJournal`, `createSpots` and `createWishTextSearch`: each record's
    /// `tsvector` parts, a GIN index on them, and the record's id as a foreign key.
    static var postgresSearch: String {
        let records: [(SearchIndex, String)] = [
            (.wishNames, "wishes"), (.wishTexts, "wishes"), (.journal, "journal_entries"), (.spots, "spots"),
            (.spotTitles, "spot_titles")
        ]
        return records.map { index, table in
            """
            CREATE TABLE \(index.rawValue) (
                id BIGINT NOT NULL REFERENCES \(table)(id) ON DELETE CASCADE,
                part INTEGER NOT NULL,
                tokens TSVECTOR NOT NULL,
                PRIMARY KEY (id, part)
            );
            CREATE INDEX \(index.ginIndex) ON \(index.rawValue) USING gin (tokens);
            """
        }.joined(separator: "\n")
    }
}
