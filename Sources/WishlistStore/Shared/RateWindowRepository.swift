import Crypto
import Foundation

/// Counts of events per key in fixed windows of time, kept in the database so that servers
/// sharing it share the counts: a limit of N a minute is N across all of them.
///
/// Invariants:
/// - a count is taken by one statement (an upsert that adds only while the sum stays within the
///   limit), so writers at once on PostgreSQL, whichever server they run in, never take the
///   count past the limit between them: the key's row lock orders them;
/// - a key's count starts again once its window has ended; `deleteEnded` forgets ended windows;
/// - keys are stored as their SHA-256: any text (a 10 KB username, a NUL) is a key, and the
///   table's index stays small.
///
/// Counting never counts as a write of data (`counted: false`): read caches stay valid.
public struct RateWindowRepository: Sendable {
    let database: StoreDatabase

    /// Counts `amount` events of `key` in its window of `window` seconds; returns the seconds to
    /// wait instead, counting nothing, when they would take the key past `limit` in that window.
    public func take(_ key: String, limit: Int, amount: Int = 1, window: TimeInterval, now: Date) throws -> TimeInterval? {
        let now = now.millisecondsSince1970
        let ends = now + Int64((window * 1000).rounded(.up))
        guard amount <= limit else { return window }
        let key = Self.stored(key)
        return try database.write(counted: false) { db in
            let taken = try db.queryFirst(
                """
                INSERT INTO rate_windows (key, ends_at, count) VALUES (:key, :ends, :amount)
                ON CONFLICT (key) DO UPDATE SET
                    count = CASE WHEN rate_windows.ends_at <= :now THEN :amount ELSE rate_windows.count + :amount END,
                    ends_at = CASE WHEN rate_windows.ends_at <= :now THEN :ends ELSE rate_windows.ends_at END
                WHERE rate_windows.ends_at <= :now OR rate_windows.count + :amount <= :limit
                RETURNING count
                """,
                // PostgreSQL takes the limit for the column's 32-bit type: no limit is `Int.max`.
                ["key": key, "ends": ends, "amount": amount, "now": now, "limit": min(limit, Int(Int32.max))])
            if taken != nil { return nil }
            let windowEnd: Int64 = try db.scalar("SELECT ends_at FROM rate_windows WHERE key = :key", ["key": key]) ?? now
            return Self.seconds(from: now, to: windowEnd)
        }
    }

    /// The seconds until `key`'s window ends when it has reached `limit` events in it; nil while
    /// it may go on.
    public func wait(_ key: String, limit: Int, now: Date) throws -> TimeInterval? {
        let now = now.millisecondsSince1970
        let windowEnd: Int64? = try database.readOneStatement { db in
            try db.scalar(
                "SELECT ends_at FROM rate_windows WHERE key = :key AND ends_at > :now AND count >= :limit",
                ["key": Self.stored(key), "now": now, "limit": min(limit, Int(Int32.max))])
        }
        return windowEnd.map { Self.seconds(from: now, to: $0) }
    }

    /// Forgets `key`'s window.
    public func remove(_ key: String) throws {
        try database.write(counted: false) { db in
            _ = try db.run("DELETE FROM rate_windows WHERE key = :key", ["key": Self.stored(key)])
        }
    }

    /// Forgets every window that ended by `now`; how many.
    @discardableResult
    public func deleteEnded(before now: Date) throws -> Int {
        try database.write(counted: false) { db in
            try db.run("DELETE FROM rate_windows WHERE ends_at <= :now", ["now": now.millisecondsSince1970])
        }
    }

    private static func stored(_ key: String) -> String {
        SHA256.hex(SHA256.digest(Array(key.utf8)))
    }

    private static func seconds(from now: Int64, to end: Int64) -> TimeInterval {
        TimeInterval(max(0, end - now)) / 1000
    }
}
