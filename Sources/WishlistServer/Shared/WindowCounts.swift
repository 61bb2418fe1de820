import Foundation
import Synchronization

/// Counts events per key in fixed windows of time, in memory: the count of a key starts again
/// once its window has passed. A restart forgives, which is fine for a single self-hosted server.
final class WindowCounts: Sendable {
    private struct Window {
        var count: Int
        var start: Date
    }

    /// Past this many keys, windows that have passed are forgotten, so that a spray of names or
    /// addresses cannot grow the table without bound.
    static let tidyThreshold = 10_000

    let window: TimeInterval
    private let windows = Mutex<[String: Window]>([:])

    init(window: TimeInterval) {
        self.window = window
    }

    /// Seconds until `key`'s window ends when it has reached `limit` events in it; nil while it may go on.
    func wait(_ key: String, limit: Int, now: Date) -> TimeInterval? {
        windows.withLock { table in
            guard let entry = table[key], now.timeIntervalSince(entry.start) < window, entry.count >= limit else {
                return nil
            }
            return window - now.timeIntervalSince(entry.start)
        }
    }

    /// Counts `amount` events of `key`; returns the seconds to wait instead, counting nothing, when
    /// they would take the key past `limit` in its window.
    func take(_ key: String, limit: Int, amount: Int = 1, now: Date) -> TimeInterval? {
        windows.withLock { table in
            if let entry = table[key], now.timeIntervalSince(entry.start) < window {
                guard entry.count <= limit - amount else { return window - now.timeIntervalSince(entry.start) }
                table[key]?.count = entry.count + amount
            } else {
                guard amount <= limit else { return window }
                table[key] = Window(count: amount, start: now)
                if table.count > Self.tidyThreshold {
                    table = table.filter { now.timeIntervalSince($0.value.start) < window }
                }
            }
            return nil
        }
    }

    /// Counts one event of each key, with no limit.
    func add(_ keys: [String], now: Date) {
        for key in keys {
            _ = take(key, limit: .max, now: now)
        }
    }

    func remove(_ key: String) {
        _ = windows.withLock { $0.removeValue(forKey: key) }
    }
}
