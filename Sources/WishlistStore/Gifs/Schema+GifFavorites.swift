import SQLite

extension Schema {
    /// GIF favorites (G6): at most 20 an account, each the GIF as the server last had it from
    /// Giphy (`gif`, the API's JSON of it), so the favorites show without asking Giphy again.
    @Sendable static func createGifFavorites(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE gif_favorites (
                id INTEGER PRIMARY KEY,
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                gif_id TEXT NOT NULL,
                gif TEXT NOT NULL,
                favorited_at INTEGER NOT NULL,
                UNIQUE (owner_id, gif_id)
            );
            """)
    }
}
