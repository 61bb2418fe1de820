import Foundation
import WishlistStore

/// `WindowCounting` in the database (`RateWindowRepository`), for servers sharing a PostgreSQL
/// one: each server's counts are every server's. `namespace` keeps the keys of two users of the
/// table (the rate limits, the failed sign-ins) apart.
struct SharedWindowCounts: WindowCounting {
    let windows: RateWindowRepository
    let namespace: String
    let window: TimeInterval

    func wait(_ key: String, limit: Int, now: Date) throws -> TimeInterval? {
        try windows.wait(stored(key), limit: limit, now: now)
    }

    func take(_ key: String, limit: Int, amount: Int, now: Date) throws -> TimeInterval? {
        try windows.take(stored(key), limit: limit, amount: amount, window: window, now: now)
    }

    func remove(_ key: String) throws {
        try windows.remove(stored(key))
    }

    private func stored(_ key: String) -> String {
        namespace + " " + key
    }
}
