import SQLite

extension Schema {
    /// Wishes, their tags, the per-account tag counts, the name search index and recent searches.
    ///
    /// - `wishes.name_key` is the name in NFC and lower case: the name sort order and the key of
    ///   exact and prefix matches in search.
    /// - `wish_tags` repeats the owner and `created_at` of its wish so that a tag filter reads the
    ///   newest wishes of a tag straight off its primary key, without sorting.
    /// - `tags` counts each tag per account, kept by triggers, so the tag list does not scan millions.
    /// - `wish_search` is a contentless FTS5 index of character bigrams of each name (see
    ///   `WishRepository.SearchGrams`); every token carries its owner, so one account's postings
    ///   never mix with another's.
    @Sendable static func createWishes(_ db: Database) throws {
        try db.execute("""
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
                owner_id INTEGER NOT NULL,
                tag_key TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                wish_id INTEGER NOT NULL REFERENCES wishes(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (owner_id, tag_key, created_at, wish_id)
            ) WITHOUT ROWID;
            CREATE INDEX wish_tags_by_wish ON wish_tags(wish_id, position);

            CREATE TABLE tags (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                tag_key TEXT NOT NULL,
                name TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (owner_id, tag_key)
            ) WITHOUT ROWID;
            CREATE INDEX tags_by_count ON tags(owner_id, count);

            CREATE TRIGGER wish_tags_count_insert AFTER INSERT ON wish_tags BEGIN
                INSERT INTO tags (owner_id, tag_key, name, count) VALUES (new.owner_id, new.tag_key, new.name, 1)
                ON CONFLICT (owner_id, tag_key) DO UPDATE SET count = count + 1;
            END;
            CREATE TRIGGER wish_tags_count_delete AFTER DELETE ON wish_tags BEGIN
                UPDATE tags SET count = count - 1 WHERE owner_id = old.owner_id AND tag_key = old.tag_key;
                DELETE FROM tags WHERE owner_id = old.owner_id AND tag_key = old.tag_key AND count <= 0;
            END;

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
