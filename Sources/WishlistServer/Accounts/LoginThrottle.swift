import Foundation
import HTTPServer

/// Counts failed sign-ins per username and per client address and answers 429 past the limits,
/// so that guessing passwords costs an attacker hours, not seconds.
final class LoginThrottle: Sendable {
    private let failures: any WindowCounting
    private let perUsername: Int
    private let perAddress: Int

    /// - Parameter failures: where the failures are counted, in windows as long as the throttle's.
    init(perUsername: Int, perAddress: Int, failures: any WindowCounting) {
        self.perUsername = perUsername
        self.perAddress = perAddress
        self.failures = failures
    }

    /// Throws 429 when this username or address has failed too often lately.
    func check(username: String, address: String, now: Date) throws {
        let waits = try [(Self.key(username: username), perUsername), (Self.key(address: address), perAddress)].compactMap {
            try failures.wait($0, limit: $1, now: now)
        }
        if let wait = waits.max() {
            throw HTTPError(
                .tooManyRequests, code: "too_many_attempts",
                message: "Too many failed sign-ins. Try again in \(Int((wait / 60).rounded(.up))) minutes.",
                headers: RateLimiter.retryAfter(wait))
        }
    }

    func recordFailure(username: String, address: String, now: Date) throws {
        try failures.add([Self.key(username: username), Self.key(address: address)], now: now)
    }

    func recordSuccess(username: String) throws {
        try failures.remove(Self.key(username: username))
    }

    private static func key(username: String) -> String { "user:" + username.lowercased() }
    private static func key(address: String) -> String { "addr:" + address }
}
