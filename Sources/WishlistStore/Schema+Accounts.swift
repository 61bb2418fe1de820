import SQLite

extension Schema {
    @Sendable static func createAccounts(_ db: Database) throws {
        try db.execute("""
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                username TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL,
                is_admin INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
                created_at INTEGER NOT NULL
            );
            CREATE TABLE sessions (
                id INTEGER PRIMARY KEY,
                token_hash BLOB NOT NULL UNIQUE,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                created_at INTEGER NOT NULL,
                expires_at INTEGER NOT NULL
            );
            CREATE INDEX sessions_by_user ON sessions(user_id);
            CREATE TABLE api_tokens (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                token_hash BLOB NOT NULL UNIQUE,
                created_at INTEGER NOT NULL,
                last_used_at INTEGER
            );
            CREATE INDEX api_tokens_by_user ON api_tokens(user_id);
            """)
    }
}
