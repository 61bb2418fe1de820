import WishlistCore

extension Store {
    /// A number that changes whenever a transaction that changed what `account` reads commits, by
    /// any server sharing this PostgreSQL database: its generation plus everyone's (the spots').
    /// Read before an answer is computed, it tells later whether that answer is still the latest
    /// (see `Schema.createAccountGenerations`). Nil on SQLite, whose one server counts its own
    /// writes (`writeCount`).
    public func generation(of account: UserKey) throws -> UInt64? {
        guard isPostgreSQL else { return nil }
        let sum: Int64? = try database.readOneStatement { db in
            try db.scalar(
                "SELECT CAST(COALESCE(SUM(generation), 0) AS BIGINT) FROM account_generations WHERE account_id IN (:account, 0)",
                ["account": account.rawValue])
        }
        return UInt64(sum ?? 0)
    }
}
