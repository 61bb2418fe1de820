import SQLite

extension Schema {
    /// The K-culture spots (K8), shared by every account, and the wishes accounts made from them.
    ///
    /// - `spot_titles` holds each work or artist with its aliases (a JSON array) and spot count;
    ///   `spots` the places, with their public id derived from their content (see `SpotCatalog`).
    ///   Both are replaced as a whole when a new release of the data is imported.
    /// - `spot_title_search` (title and aliases) is a contentless bigram index (`SearchGrams`), as
    ///   is the `grams` column of `spot_search` (place name): a query word matches inside them, which
    ///   two-syllable Korean words need. `spot_search.words` (description and address) is indexed
    ///   by whole words, matched by their start ("카페" finds "카페에서"): bigrams of every
    ///   description made the first-start import take seconds. Their rowids are those of `spots`
    ///   and `spot_titles`.
    /// - `spot_places` and `spot_cells` index the points for the map and "near me" exactly as
    ///   `wish_places` and `place_cells` do for wishes (`PlaceLayer.spots`), every spot with owner 0;
    ///   `indexSpotPositions` replaces the R*Tree `spot_places`.
    /// - `spot_wishes` remembers which wish an account made from which spot, by the spot's public
    ///   id, so it survives a new release of the data; deleting the wish deletes the link.
    /// - `spot_imports` remembers the digest of the data imported and of the bundled file last seen.
    @Sendable static func createSpots(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE spot_titles (
                id INTEGER PRIMARY KEY,
                type TEXT NOT NULL,
                title TEXT NOT NULL,
                aliases TEXT NOT NULL DEFAULT '[]',
                spot_count INTEGER NOT NULL,
                UNIQUE (title, type)
            );
            CREATE TABLE spots (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                title_id INTEGER NOT NULL REFERENCES spot_titles(id),
                name TEXT NOT NULL,
                place_type TEXT NOT NULL,
                description TEXT NOT NULL,
                address TEXT NOT NULL,
                place_latitude REAL NOT NULL,
                place_longitude REAL NOT NULL
            );
            CREATE INDEX spots_by_title ON spots(title_id, id);
            CREATE VIRTUAL TABLE spot_search USING fts5(
                grams, words, content = '', columnsize = 0, detail = full, tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE VIRTUAL TABLE spot_title_search USING fts5(
                grams, content = '', detail = full, tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE VIRTUAL TABLE spot_places USING rtree(
                id, min_owner, max_owner, min_longitude, max_longitude, min_latitude, max_latitude
            );
            CREATE TABLE spot_cells (
                owner_id INTEGER NOT NULL,
                level INTEGER NOT NULL,
                x INTEGER NOT NULL,
                y INTEGER NOT NULL,
                count INTEGER NOT NULL,
                sum_latitude REAL NOT NULL,
                sum_longitude REAL NOT NULL,
                PRIMARY KEY (owner_id, level, x, y)
            ) WITHOUT ROWID;
            CREATE INDEX spot_cells_by_row ON spot_cells(owner_id, level, y, x);
            CREATE TABLE spot_wishes (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                spot_uuid TEXT NOT NULL,
                wish_id INTEGER NOT NULL UNIQUE REFERENCES wishes(id) ON DELETE CASCADE,
                PRIMARY KEY (owner_id, spot_uuid)
            ) WITHOUT ROWID;
            CREATE TABLE spot_imports (
                name TEXT PRIMARY KEY,
                digest TEXT NOT NULL
            );
            """)
    }

    /// The spots' points are found by indexes on their coordinates instead of an R*Tree: filling
    /// the R*Tree was a quarter of the import of a release, and 15,000 points of one owner are
    /// read about as fast from B-trees (`PlaceLayer.PointIndex.position`).
    @Sendable static func indexSpotPositions(_ db: Database) throws {
        try db.execute(
            """
            DROP TABLE spot_places;
            CREATE INDEX spots_by_latitude ON spots(place_latitude, place_longitude);
            CREATE INDEX spots_by_longitude ON spots(place_longitude, place_latitude);
            """)
    }
}
