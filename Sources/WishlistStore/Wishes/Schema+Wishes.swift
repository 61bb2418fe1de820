import SQLite

extension Schema {
    /// Wishes, their tags, the per-account tag counts, the name search index and recent searches.
    ///
    /// - `wishes.name_key` is the name in NFC and lower case: the name sort order and the key of
    ///   exact and prefix matches in search.
    /// - `wishes.tags` is the JSON array of the tags as spelled, shown with the wish.
    /// - `wish_tags` is only an index for tag filters and tag search: its key starts with the owner
    ///   and the tag's key and goes on with the wish's `created_at`, so a tag filter reads the newest
    ///   wishes of a tag straight off it, without sorting. It has no other index (at a million wishes
    ///   that would cost 70 MB), so its rows are deleted by their full key, by the repository.
    /// - `tags` counts each tag per account, kept by the repository, so listing tags never scans.
    /// - `wish_search` is a contentless FTS5 index of character bigrams of each name (see
    ///   `SearchGrams`); every token carries its owner, so one account's postings
    ///   never mix with another's.
    @Sendable static func createWishes(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE wishes (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                memo TEXT,
                link TEXT,
                place_name TEXT,
                place_address TEXT,
                place_latitude REAL,
                place_longitude REAL,
                place_source TEXT CHECK (place_source IN ('search', 'device', 'photo', 'manual')),
                tags TEXT NOT NULL DEFAULT '[]',
                favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1)),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                version INTEGER NOT NULL DEFAULT 1,
                CHECK ((place_name IS NULL) = (place_latitude IS NULL)
                   AND (place_name IS NULL) = (place_longitude IS NULL)
                   AND (place_name IS NULL) = (place_source IS NULL))
            );
            CREATE INDEX wishes_by_created ON wishes(owner_id, created_at, id);
            CREATE INDEX wishes_by_name ON wishes(owner_id, name_key, id);
            CREATE INDEX favorite_wishes_by_created ON wishes(owner_id, created_at, id) WHERE favorite = 1;
            CREATE INDEX favorite_wishes_by_name ON wishes(owner_id, name_key, id) WHERE favorite = 1;

            CREATE TABLE wish_tags (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                tag_key TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                wish_id INTEGER NOT NULL,
                PRIMARY KEY (owner_id, tag_key, created_at, wish_id)
            ) WITHOUT ROWID;

            CREATE TABLE tags (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                tag_key TEXT NOT NULL,
                name TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (owner_id, tag_key)
            ) WITHOUT ROWID;
            CREATE INDEX tags_by_count ON tags(owner_id, count);

            CREATE VIRTUAL TABLE wish_search USING fts5(
                grams, content = '', detail = full, tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TABLE recent_searches (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                query TEXT NOT NULL,
                query_key TEXT NOT NULL,
                searched_at INTEGER NOT NULL,
                UNIQUE (owner_id, query_key)
            );
            CREATE INDEX recent_searches_by_owner ON recent_searches(owner_id, id);
            """)
    }
}
