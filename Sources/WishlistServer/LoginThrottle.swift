import Foundation
import HTTPServer
import Synchronization

/// Counts failed sign-ins per username and per client address and answers 429 past the limits,
/// so that guessing passwords costs an attacker hours, not seconds. Kept in memory: a restart
/// forgives, which is fine for a single self-hosted server.
final class LoginThrottle: Sendable {
    private struct Failures {
        var count: Int
        var windowStart: Date
    }

    private let failures = Mutex<[String: Failures]>([:])
    private let perUsername: Int
    private let perAddress: Int
    private let window: TimeInterval

    init(perUsername: Int, perAddress: Int, window: Duration) {
        self.perUsername = perUsername
        self.perAddress = perAddress
        self.window = TimeInterval(window.components.seconds)
    }

    /// Throws 429 when this username or address has failed too often lately.
    func check(username: String, address: String, now: Date) throws {
        let waits = failures.withLock { table in
            [(Self.key(username: username), perUsername), (Self.key(address: address), perAddress)].compactMap {
                key, limit -> TimeInterval? in
                guard let entry = table[key], now.timeIntervalSince(entry.windowStart) < window,
                    entry.count >= limit
                else { return nil }
                return window - now.timeIntervalSince(entry.windowStart)
            }
        }
        if let wait = waits.max() {
            var headers = HTTPHeaders()
            headers["Retry-After"] = String(Int(wait.rounded(.up)))
            throw HTTPError(
                .tooManyRequests, code: "too_many_attempts",
                message: "Too many failed sign-ins. Try again in \(Int((wait / 60).rounded(.up))) minutes.",
                headers: headers)
        }
    }

    func recordFailure(username: String, address: String, now: Date) {
        failures.withLock { table in
            for key in [Self.key(username: username), Self.key(address: address)] {
                if let entry = table[key], now.timeIntervalSince(entry.windowStart) < window {
                    table[key]?.count = entry.count + 1
                } else {
                    table[key] = Failures(count: 1, windowStart: now)
                }
            }
            // Forget old windows so the table cannot grow without bound under a spray of names.
            if table.count > 10_000 {
                table = table.filter { now.timeIntervalSince($0.value.windowStart) < window }
            }
        }
    }

    func recordSuccess(username: String) {
        _ = failures.withLock { $0.removeValue(forKey: Self.key(username: username)) }
    }

    private static func key(username: String) -> String { "user:" + username.lowercased() }
    private static func key(address: String) -> String { "addr:" + address }
}
