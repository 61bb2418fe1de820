import SQLite

extension Schema {
    /// Administrators' tools (issue 15): an account can be disabled (`disabled_at`), can be made to
    /// choose a new password at its next sign-in (`must_change_password`), and is listed with when
    /// it was last seen (`last_seen_at`, taken for accounts that exist from their sessions' and
    /// tokens' last uses). Its list counts each account's photos, so photos get an index by owner
    /// (which deleting an account's photos uses too).
    @Sendable static func addAccountAdministration(_ db: Database) throws {
        try db.execute(
            """
            ALTER TABLE users ADD COLUMN disabled_at INTEGER;
            ALTER TABLE users ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0
                CHECK (must_change_password IN (0, 1));
            ALTER TABLE users ADD COLUMN last_seen_at INTEGER;
            UPDATE users SET last_seen_at = (
                SELECT max(used) FROM (
                    SELECT max(last_used_at) AS used FROM sessions WHERE user_id = users.id
                    UNION ALL SELECT max(last_used_at) FROM api_tokens WHERE user_id = users.id));
            CREATE INDEX photos_by_owner ON photos(owner_id);
            """)
    }
}
