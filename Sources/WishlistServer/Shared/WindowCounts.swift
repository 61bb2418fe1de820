import Foundation
import Synchronization

/// Counts events per key in fixed windows of time, in memory: the count of a key starts again
/// once its window has passed. A restart forgives, which is fine for a server alone on its data
/// (SQLite); servers sharing a database count there (`SharedWindowCounts`).
final class WindowCounts: WindowCounting {
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

    func wait(_ key: String, limit: Int, now: Date) -> TimeInterval? {
        windows.withLock { table in
            guard let entry = table[key], now.timeIntervalSince(entry.start) < window, entry.count >= limit else {
                return nil
            }
            return window - now.timeIntervalSince(entry.start)
        }
    }

    func take(_ key: String, limit: Int, amount: Int, now: Date) -> TimeInterval? {
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

    func remove(_ key: String) {
        _ = windows.withLock { $0.removeValue(forKey: key) }
    }
}
