import Crypto
import Foundation
import Synchronization

/// Shares that arrived while signed out, kept in memory until the person signs in (W7):
/// keyed by a random token in a cookie, for a quarter of an hour, at most `capacity` at once and
/// `maximumBytes` of files in all, the oldest forgotten first.
final class PendingShares: Sendable {
    static let lifetime: TimeInterval = 15 * 60
    private let capacity: Int
    private let maximumBytes: Int
    private let entries = Mutex<[(token: String, item: SharedItem, expires: Date)]>([])

    init(capacity: Int = 200, maximumBytes: Int = 100 << 20) {
        self.capacity = capacity
        self.maximumBytes = maximumBytes
    }

    /// Keeps `item` and answers the token that takes it back.
    func keep(_ item: SharedItem, now: Date) -> String {
        let token = SecureRandom.token()
        entries.withLock { entries in
            entries.removeAll { $0.expires <= now }
            entries.append((token, item, now.addingTimeInterval(Self.lifetime)))
            while entries.count > capacity || entries.reduce(0, { $0 + $1.item.files.reduce(0) { $0 + $1.count } }) > maximumBytes,
                entries.count > 1
            {
                entries.removeFirst()
            }
        }
        return token
    }

    /// The item kept under `token`, which is then forgotten; nil when unknown or expired.
    func take(_ token: String, now: Date) -> SharedItem? {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.token == token }) else { return nil }
            let entry = entries.remove(at: index)
            return entry.expires > now ? entry.item : nil
        }
    }
}
