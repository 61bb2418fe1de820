import Foundation

/// Counts events per key in fixed windows of time (the rate limits, the failed sign-ins): in
/// memory for a server alone on its SQLite file (`WindowCounts`), in the database for servers
/// sharing a PostgreSQL one (`SharedWindowCounts`), where a limit holds across them all.
protocol WindowCounting: Sendable {
    /// The length of a window, in seconds.
    var window: TimeInterval { get }

    /// Seconds until `key`'s window ends when it has reached `limit` events in it; nil while it may go on.
    func wait(_ key: String, limit: Int, now: Date) throws -> TimeInterval?

    /// Counts `amount` events of `key`; returns the seconds to wait instead, counting nothing, when
    /// they would take the key past `limit` in its window.
    func take(_ key: String, limit: Int, amount: Int, now: Date) throws -> TimeInterval?

    /// Forgets `key`'s window.
    func remove(_ key: String) throws
}

extension WindowCounting {
    /// Counts one event of each key, with no limit.
    func add(_ keys: [String], now: Date) throws {
        for key in keys {
            _ = try take(key, limit: .max, amount: 1, now: now)
        }
    }
}
