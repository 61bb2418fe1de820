import Foundation
import HTTPServer
import WishlistStore

/// Caps how often one account may do what costs the server or a remote service most (rendering
/// uploaded photos, fetching other sites' pages, calling Giphy with the server's key), and how often
/// one client address may try to sign in, with 429 and `Retry-After` past the cap: one person's
/// script cannot use up the server's CPU or its Giphy quota, nor guess passwords quickly from many
/// usernames. Counted per minute, where `counts` keeps them (in memory, or in the database that
/// several servers share).
final class RateLimiter: Sendable {
    typealias AccountHandler = @Sendable (Request, Account) throws -> Response
    typealias AnyoneHandler = @Sendable (Request) throws -> Response

    private let limits: [RateLimitedAction: Int]
    private let counts: any WindowCounting
    private let clock: @Sendable () -> Date

    /// The length of a window of `counts`: the limits are per minute.
    static let window: TimeInterval = 60

    /// - Parameter limits: requests per minute of each action; an action left out keeps its default.
    /// - Parameter counts: where the requests are counted, in windows of `window`.
    init(
        limits: [RateLimitedAction: Int] = [:], counts: any WindowCounting = WindowCounts(window: window),
        clock: @escaping @Sendable () -> Date
    ) {
        self.limits = limits
        self.counts = counts
        self.clock = clock
    }

    /// `handler`, counted against the calling account's cap of `action`.
    func limited(_ action: RateLimitedAction, _ handler: @escaping AccountHandler) -> AccountHandler {
        { [self] request, account in
            try take(action, account: account)
            return try handler(request, account)
        }
    }

    /// `handler`, counted against the client address's cap of `action` (for routes before sign-in).
    func limitedByAddress(_ action: RateLimitedAction, _ handler: @escaping AnyoneHandler) -> AnyoneHandler {
        { [self] request in
            try take(action, address: request)
            return try handler(request)
        }
    }

    /// Counts `amount` of `action` against `account`'s cap, for a handler that does several
    /// capped things at once (a share: a link looked up and photos uploaded).
    func take(_ action: RateLimitedAction, account: Account, amount: Int = 1) throws {
        try take(action, key: "account:\(account.key.rawValue)", amount: amount)
    }

    /// Counts one `action` against the cap of the address `request` came from.
    func take(_ action: RateLimitedAction, address request: Request) throws {
        try take(action, key: "address:\(request.remoteAddress)", amount: 1)
    }

    private func take(_ action: RateLimitedAction, key: String, amount: Int) throws {
        let limit = limits[action] ?? action.defaultLimit
        guard let wait = try counts.take("\(action.rawValue) \(key)", limit: limit, amount: amount, now: clock()) else { return }
        throw HTTPError(
            .tooManyRequests, code: "rate_limited",
            message: "\(action.refusal) Try again in \(Int(wait.rounded(.up))) seconds.",
            headers: Self.retryAfter(wait))
    }

    /// The `Retry-After` header of a wait, in whole seconds (at least one).
    static func retryAfter(_ wait: TimeInterval) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers["Retry-After"] = String(max(1, Int(wait.rounded(.up))))
        return headers
    }
}
