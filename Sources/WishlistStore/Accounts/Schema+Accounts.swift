import Crypto
import Foundation
import SQLite

extension Schema {
    @Sendable static func createAccounts(_ db: Database) throws {
        try db.execute(
            """
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

    /// Devices (issue 15): each session gets a public id, its last use and the browser it signed in
    /// with, so that a person can see and end it; a token keeps the browser or client of its last use.
    /// Sessions that exist are kept, their last use taken to be their start.
    @Sendable static func addSessionDevices(_ db: Database) throws {
        try db.execute(
            """
            ALTER TABLE sessions ADD COLUMN uuid TEXT;
            ALTER TABLE sessions ADD COLUMN last_used_at INTEGER;
            ALTER TABLE sessions ADD COLUMN user_agent TEXT;
            ALTER TABLE api_tokens ADD COLUMN user_agent TEXT;
            UPDATE sessions SET last_used_at = created_at;
            """)
        let ids: [Int64] = try db.column("SELECT id FROM sessions")
        for id in ids {
            try db.run("UPDATE sessions SET uuid = ? WHERE id = ?", [SecureRandom.uuid().uuidString.lowercased(), id])
        }
        try db.execute("CREATE UNIQUE INDEX sessions_by_uuid ON sessions(uuid)")
    }
}
