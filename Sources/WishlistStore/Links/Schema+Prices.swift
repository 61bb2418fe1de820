import SQLite

extension Schema {
    /// Prices seen on a wish's link (X10): one row each time the price found differs from the
    /// last one. `amount` is the decimal's text, so no price is rounded through a double.
    @Sendable static func createWishPrices(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE wish_prices (
                id INTEGER PRIMARY KEY,
                wish_id INTEGER NOT NULL REFERENCES wishes(id) ON DELETE CASCADE,
                amount TEXT NOT NULL,
                currency TEXT,
                seen_at INTEGER NOT NULL
            );
            CREATE INDEX wish_prices_by_wish ON wish_prices(wish_id, seen_at DESC, id DESC);
            """)
    }
}
