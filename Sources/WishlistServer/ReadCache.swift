import Foundation
import HTTPServer
import Outbound
import Synchronization
import WishlistStore

/// The answers of an account's reads (the list, search, markers, near me…), kept while nothing has
/// been written since: a page a person opens again, or a list several tabs poll, costs a lookup
/// instead of queries, row decoding and JSON writing (most of a list request's time).
///
/// An answer is valid while the database pool's write count is the one read *before* the answer
/// was computed, so a write that lands during the computation makes it stale at once. Every write
/// of the server goes through that pool; writes by another process (the `wishlist` command's
/// direct `--data` work, e.g. `spots import`) are not counted, so an answer is also kept for at
/// most `maximumAge`. Answers are per account, target and language, and only plain 200 answers of
/// requests without conditions, ranges or `Cache-Control: no-cache` are kept.
final class ReadCache: Sendable {
    private struct Entry {
        let writeCount: UInt64
        let storedAt: UInt64
        let response: Response
    }

    static let maximumAge: Duration = .seconds(1)
    /// Larger answers (a whole world of markers) are rare and are computed each time.
    static let largestBody = 64 << 10

    private let entries: Mutex<LRUCache<String, Entry>>
    private let writeCount: @Sendable () -> UInt64

    init(capacity: Int = 256, writeCount: @escaping @Sendable () -> UInt64) {
        entries = Mutex(LRUCache(capacity: capacity))
        self.writeCount = writeCount
    }

    typealias Handler = @Sendable (Request, Account) throws -> Response

    /// `handler`, answering from the cache when it can and keeping what it answers.
    func reads(_ handler: @escaping Handler) -> Handler {
        { [self] request, account in
            guard let key = Self.key(request, account) else { return try handler(request, account) }
            let now = DispatchTime.now().uptimeNanoseconds
            let written = writeCount()
            let maximumAge = UInt64(Self.maximumAge.components.seconds) * 1_000_000_000
            if let entry = entries.withLock({ $0.value(for: key) }),
                entry.writeCount == written, now &- entry.storedAt < maximumAge
            {
                return entry.response
            }
            let response = try handler(request, account)
            if response.status == .ok, case .data(let body) = response.body, body.count <= Self.largestBody {
                let entry = Entry(writeCount: written, storedAt: now, response: response)
                entries.withLock { $0.set(entry, for: key) }
            }
            return response
        }
    }

    /// What tells answers apart; nil for a request whose answer depends on more than these.
    private static func key(_ request: Request, _ account: Account) -> String? {
        guard request.method == .GET,
            request.headers["If-None-Match"] == nil, request.headers["If-Match"] == nil, request.headers["Range"] == nil,
            // A client asking for a fresh answer (`Cache-Control: no-cache`) gets one computed now.
            !(request.headers["Cache-Control"] ?? "").lowercased().contains("no-cache")
        else { return nil }
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return "\(account.key.rawValue) \(request.headers["Accept-Language"] ?? "") \(request.path)?\(query)"
    }
}
