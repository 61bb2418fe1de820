extension Schema {
    /// The answers of idempotent writes on PostgreSQL as `createIdempotencyKeys` made them on SQLite.
    static let postgresIdempotency = """
        CREATE TABLE idempotency_keys (
            owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            fingerprint BYTEA NOT NULL,
            run TEXT NOT NULL,
            status INTEGER,
            headers TEXT,
            body BYTEA,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (owner_id, key)
        );
        CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
        """
}
