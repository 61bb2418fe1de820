import SQLite

extension Schema {
    /// The first answer to each write sent with an `Idempotency-Key`, per account (`IdempotencyRepository`).
    /// `status` is NULL while the write runs; `run` names the server process that started it, so a
    /// write cut short by a crash or restart is told apart from one still running.
    @Sendable static func createIdempotencyKeys(_ db: Database) throws {
        try db.execute(
            """
            CREATE TABLE idempotency_keys (
                owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                fingerprint BLOB NOT NULL,
                run TEXT NOT NULL,
                status INTEGER,
                headers TEXT,
                body BLOB,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (owner_id, key)
            ) WITHOUT ROWID;
            CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
            """)
    }
}
