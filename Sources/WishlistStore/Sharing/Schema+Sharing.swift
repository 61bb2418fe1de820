import SQLite

extension Schema {
    /// Shared lists and gift reservations (X7, X8), and the `private` mark on wishes.
    ///
    /// - `shares.token` is the link's secret (22 base64url characters, 128 random bits), kept as
    ///   is because the owner's `Share` shows its url every time; rotating replaces it, so the old
    ///   link finds nothing at once. `tag_key` is the tag's key, matched against `wish_tags` live.
    /// - `reservations` has one row per reserved wish, whichever link it was reserved through,
    ///   and goes with the wish (`ON DELETE CASCADE`). `key_hash` is the SHA-256 of the key the
    ///   friend holds. No query the owner's routes run reads this table.
    @Sendable static func createSharing(_ db: Database) throws {
        try db.execute(
            """
            ALTER TABLE wishes ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1));

            CREATE TABLE shares (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                token TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL,
                tag TEXT,
                tag_key TEXT,
                show_memos INTEGER NOT NULL CHECK (show_memos IN (0, 1)),
                show_prices INTEGER NOT NULL CHECK (show_prices IN (0, 1)),
                show_places INTEGER NOT NULL CHECK (show_places IN (0, 1)),
                allow_reservations INTEGER NOT NULL CHECK (allow_reservations IN (0, 1)),
                created_at INTEGER NOT NULL,
                expires_at INTEGER,
                views INTEGER NOT NULL DEFAULT 0,
                last_viewed_at INTEGER,
                CHECK ((tag IS NULL) = (tag_key IS NULL))
            );
            CREATE INDEX shares_by_owner ON shares(owner_id, created_at, id);

            CREATE TABLE reservations (
                wish_id INTEGER PRIMARY KEY REFERENCES wishes(id) ON DELETE CASCADE,
                key_hash BLOB NOT NULL UNIQUE,
                name TEXT,
                note TEXT,
                show_name INTEGER NOT NULL CHECK (show_name IN (0, 1)),
                created_at INTEGER NOT NULL
            );
            """)
    }
}
