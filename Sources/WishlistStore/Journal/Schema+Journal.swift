import SQLite

extension Schema {
    /// Journal entries (D1–D4), the wishes they mention and their full-text index.
    ///
    /// - `journal_entries.day` is the entry's calendar day as `YYYY-MM-DD` text, whose text order is
    ///   date order; lists read `journal_by_day` (and its hearted half) newest day first, entries of
    ///   one day newest created first, straight off the index.
    /// - `journal_mentions` lists the author's wishes an entry mentions, at `position`; deleting a
    ///   wish or an entry deletes its mentions through the foreign keys.
    /// - `journal_search` is a contentless FTS5 index of the character bigrams of each entry's title
    ///   and contents (see `SearchGrams`), every token carrying its owner, like `wish_search`.
    @Sendable static func createJournal(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE journal_entries (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                contents TEXT NOT NULL DEFAULT '',
                day TEXT NOT NULL,
                time TEXT,
                hearted INTEGER NOT NULL DEFAULT 0 CHECK (hearted IN (0, 1)),
                place_name TEXT,
                place_address TEXT,
                place_latitude REAL,
                place_longitude REAL,
                place_source TEXT CHECK (place_source IN ('search', 'device', 'photo', 'manual')),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 1,
                CHECK ((place_name IS NULL) = (place_latitude IS NULL)
                   AND (place_name IS NULL) = (place_longitude IS NULL)
                   AND (place_name IS NULL) = (place_source IS NULL))
            );
            CREATE INDEX journal_by_day ON journal_entries(owner_id, day, created_at, id);
            CREATE INDEX hearted_journal_by_day ON journal_entries(owner_id, day, created_at, id) WHERE hearted = 1;

            CREATE TABLE journal_mentions (
                entry_id INTEGER NOT NULL REFERENCES journal_entries(id) ON DELETE CASCADE,
                wish_id INTEGER NOT NULL REFERENCES wishes(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                PRIMARY KEY (entry_id, wish_id)
            ) WITHOUT ROWID;
            CREATE INDEX journal_mentions_by_wish ON journal_mentions(wish_id, entry_id);

            CREATE VIRTUAL TABLE journal_search USING fts5(
                grams, content = '', detail = full, tokenize = 'unicode61 remove_diacritics 2'
            );
            """)
    }
}

extension Schema {
    /// Where journal entries are, for the map's journal layer and "near me": the same R*Tree and
    /// grid of cell counts as wishes have (`journal_places`, `journal_place_cells`), kept by
    /// triggers on `journal_entries`.
    @Sendable static func createJournalPlaces(_ db: Database) throws {
        try createPlaceIndex(.journal, triggerPrefix: "journal_place", db)
    }
}
