import SQLite

extension Schema {
    /// Photos (W2, W8, W12, W14). The original's bytes live in the media folder under their
    /// SHA-256 (`sha256`), shared by every photo of the same file; renditions live under the photo's
    /// id and `revision`, which every edit bumps. `width`/`height` are those of the photo as shown
    /// (upright, edited); `original_width`/`original_height` those of the upright original.
    /// A photo belongs to its uploader and, once attached, to one wish at `position` (0 is the cover).
    @Sendable static func createPhotos(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE photos (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                wish_id INTEGER REFERENCES wishes(id) ON DELETE CASCADE,
                position INTEGER,
                sha256 TEXT NOT NULL,
                format TEXT NOT NULL,
                original_width INTEGER NOT NULL,
                original_height INTEGER NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                crop_x INTEGER,
                crop_y INTEGER,
                crop_width INTEGER,
                crop_height INTEGER,
                rotate INTEGER NOT NULL DEFAULT 0 CHECK (rotate IN (0, 90, 180, 270)),
                revision INTEGER NOT NULL DEFAULT 1,
                taken_at INTEGER,
                gps_latitude REAL,
                gps_longitude REAL,
                created_at INTEGER NOT NULL,
                CHECK ((wish_id IS NULL) = (position IS NULL))
            );
            CREATE INDEX photos_by_wish ON photos(wish_id, position);
            CREATE INDEX photos_by_original ON photos(sha256);
            CREATE INDEX photos_unattached ON photos(owner_id, created_at) WHERE wish_id IS NULL;
            """)
    }
}

extension Schema {
    /// Photos on journal entries (D3): a photo is on at most one record, a wish (`wish_id`) or
    /// an entry (`entry_id`), at `position`; deleting either deletes its photos' rows. SQLite cannot
    /// change a table's CHECK constraints, so `photos` is rebuilt with the new column and rules, its
    /// rows copied as they are and its indexes made again (the uploads' index now leaves out
    /// photos on entries, which housekeeping must not take for abandoned uploads).
    @Sendable static func addJournalPhotos(_ db: Database) throws {
        let columns = """
            id, uuid, owner_id, wish_id, position, sha256, format, original_width, original_height, width, height,
            crop_x, crop_y, crop_width, crop_height, rotate, revision, taken_at, gps_latitude, gps_longitude, created_at
            """
        try db.execute(
            """
            CREATE TABLE photos_with_entries (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                wish_id INTEGER REFERENCES wishes(id) ON DELETE CASCADE,
                entry_id INTEGER REFERENCES journal_entries(id) ON DELETE CASCADE,
                position INTEGER,
                sha256 TEXT NOT NULL,
                format TEXT NOT NULL,
                original_width INTEGER NOT NULL,
                original_height INTEGER NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                crop_x INTEGER,
                crop_y INTEGER,
                crop_width INTEGER,
                crop_height INTEGER,
                rotate INTEGER NOT NULL DEFAULT 0 CHECK (rotate IN (0, 90, 180, 270)),
                revision INTEGER NOT NULL DEFAULT 1,
                taken_at INTEGER,
                gps_latitude REAL,
                gps_longitude REAL,
                created_at INTEGER NOT NULL,
                CHECK (wish_id IS NULL OR entry_id IS NULL),
                CHECK ((wish_id IS NULL AND entry_id IS NULL) = (position IS NULL))
            );
            INSERT INTO photos_with_entries (\(columns)) SELECT \(columns) FROM photos;
            DROP TABLE photos;
            ALTER TABLE photos_with_entries RENAME TO photos;
            CREATE INDEX photos_by_wish ON photos(wish_id, position);
            CREATE INDEX photos_by_entry ON photos(entry_id, position);
            CREATE INDEX photos_by_original ON photos(sha256);
            CREATE INDEX photos_unattached ON photos(owner_id, created_at) WHERE wish_id IS NULL AND entry_id IS NULL;
            """)
    }
}

extension Schema {
    /// The number of frames of each photo's original (G10), so the API can say which photos
    /// are animations. Only GIF and WebP originals can have more than one; the others are set to 1
    /// here. A GIF's or WebP's count needs its file read, so it stays NULL (shown as a still) until
    /// `PhotoLibrary.tidy` (housekeeping) fills it in.
    @Sendable static func addPhotoFrameCounts(_ db: Database) throws {
        try db.execute(
            """
            ALTER TABLE photos ADD COLUMN frame_count INTEGER CHECK (frame_count >= 1);
            UPDATE photos SET frame_count = 1 WHERE format NOT IN ('gif', 'webp');
            """)
    }
}
