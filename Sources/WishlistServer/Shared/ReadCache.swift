import Foundation
import HTTPServer
import Outbound
import Synchronization
import WishlistStore

/// The answers of an account's reads (the list, search, markers, near me…), kept while nothing has
/// been written since: a page a person opens again, or a list several tabs poll, costs a lookup
/// instead of queries, row decoding and JSON writing (most of a list request's time).
///
/// An answer is valid while the account's write count (`Store.writeCount(for:)`) is the one read
/// *before* the answer was computed, so a write that lands during the computation makes it stale at
/// once. On SQLite that count moves with the writes of the account's rows and of everyone's (the
/// spots), not with other accounts' writes: among many people, one person's answers outlive the
/// others' writes. Every write of the server goes through the store's pool; writes by another process (the `wishlist` command's
/// direct `--data` work, e.g. `spots import`) are not counted, so an answer is also kept for at
/// most `maximumAge`: such a write shows within five seconds. (The bundled spots' import at the
/// first start is done before the server answers anything.) Answers are per account, target and
/// language, and only plain 200 answers of requests without conditions, ranges or
/// `Cache-Control: no-cache` are kept.
///
/// When an answer grows older than `maximumAge` with nothing written, it is given once more and
/// computed anew in the background (one at a time), and given meanwhile for at most
/// `refreshGrace` more: otherwise every kept answer expired at once every `maximumAge`, and the
/// requests that came then computed theirs together (32 connections searching: p99 40 ms where a
/// kept answer takes 2). Requests for an answer that is being computed wait for that computation
/// rather than run it again: after a write, every kept answer is stale at once.
///
/// A kept answer that is fresh is also given on the event thread itself (`kept`), without the
/// hand-off to a worker, when the caller is known from memory (`KnownCredentials`); anything
/// else — stale, being computed, an unknown caller — goes to a worker as before. Its body is
/// kept as `ResponseBytes`, which the server sends without copying.
///
/// Servers sharing a PostgreSQL database do not see each other's writes in their write counts.
/// There each answer is kept under the account's `generation` too, read from the database before
/// the answer is computed and at every request: a write of another server's, committed in the
/// same transaction as its generation's change, makes the next request on this one look under a
/// new key, and compute its answer anew (see `Schema.createAccountGenerations`). When the
/// generation cannot be read, nothing is kept or given from the cache; nor is anything given on
/// the event thread, which must not wait for the database.
final class ReadCache: Sendable {
    private struct Entry {
        let writeCount: UInt64
        let storedAt: UInt64
        let response: Response
        /// Set when its computation anew has started.
        var isRefreshing = false
    }

    /// What a request is to do.
    private enum Lookup {
        case answer(Response)
        /// Answer, and compute the answer anew in the background.
        case answerAndRefresh(Response)
        /// Compute the answer, for the requests that will wait for it too.
        case compute(Flight)
        /// Wait for the answer another request is computing.
        case wait(Flight)
    }

    /// The kept answers, and the computations under way by key.
    private struct State {
        var entries: LRUCache<String, Entry>
        var flights: [String: Flight] = [:]
    }

    /// At most this many answers are kept, with bodies of at most `keptBytes` in all. Counted in
    /// bytes, small answers do not crowd each other out: with room for 256 answers of any size, 8
    /// people opening wishes among 2,000 found a kept answer for one open in four; with room for
    /// 4,096 of them (a wish's is 1–2 KB), for most. The bytes bound what 256 of the largest kept.
    static let keptAnswers = 4096
    static let keptBytes = 256 * largestBody
    /// Each kept answer is computed anew this often while it is asked for: at one second, the 28
    /// searches of the soak's search clients cost a fifth of their CPU in those computations
    /// (search 76–81 µs a request, a wish opened 71–72; at five seconds 59–64 and 52–58).
    static let maximumAge: Duration = .seconds(5)
    static let refreshGrace: Duration = .seconds(1)
    /// Larger answers (a whole world of markers) are rare and are computed each time.
    static let largestBody = 64 << 10

    private let state: Mutex<State>
    private let writeCount: @Sendable (Account) -> UInt64
    /// The account's generation in a database other servers share; nil for a server alone on its data.
    private let generation: (@Sendable (Account) throws -> UInt64)?
    /// Nanoseconds on a monotonic clock.
    private let now: @Sendable () -> UInt64
    /// Runs a computation anew in the background.
    private let refresh: @Sendable (@escaping @Sendable () -> Void) -> Void

    init(
        capacity: Int = keptAnswers, bytes: Int = keptBytes, writeCount: @escaping @Sendable (Account) -> UInt64,
        generation: (@Sendable (Account) throws -> UInt64)? = nil,
        now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
        refresh: (@Sendable (@escaping @Sendable () -> Void) -> Void)? = nil
    ) {
        state = Mutex(State(entries: LRUCache(capacity: capacity, costLimit: bytes)))
        self.writeCount = writeCount
        self.generation = generation
        self.now = now
        let queue = DispatchQueue(label: "wishlist.read-cache.refresh", qos: .utility)
        self.refresh = refresh ?? { queue.async(execute: $0) }
    }

    typealias Handler = @Sendable (Request, Account) throws -> Response

    /// A read whose answers are kept: the handler for a worker, and the quick answer from memory
    /// (asking who is calling only for a request whose answer may be kept).
    struct CachedRead: Sendable {
        let handler: Handler
        let quick: @Sendable (Request, () -> Account?) -> Response?
    }

    /// `handler`, answering from the cache when it can and keeping what it answers. `noting`, when
    /// given, is told of every answer given, kept or computed, on whichever thread gave it (the
    /// event thread's must not wait): what a read remembers besides answering (a recent search).
    func reads(_ handler: @escaping Handler, noting: (@Sendable (Request, Account) -> Void)? = nil) -> CachedRead {
        CachedRead(
            handler: { [self] request, account in
                let response = try answer(request, account) { try handler(request, account) }
                noting?(request, account)
                return response
            },
            quick: { [self] request, known in
                guard Self.mayKeep(request), let account = known(), let response = kept(request, account) else { return nil }
                noting?(request, account)
                return response
            })
    }

    /// The kept answer to `request` when it may be given as it is, found without waiting for
    /// anything (a lock held for a lookup); nil when it must be computed, or is being computed,
    /// or is old enough that a worker should see to its computation anew.
    func kept(_ request: Request, _ account: Account) -> Response? {
        guard generation == nil, let key = Self.key(request, account) else { return nil }
        return state.withLock { state in
            guard let entry = state.entries.value(for: key), entry.writeCount == writeCount(account) else { return nil }
            let age = now() &- entry.storedAt
            let fresh = age < Self.nanoseconds(Self.maximumAge)
            let beingRefreshed = entry.isRefreshing && age < Self.nanoseconds(Self.maximumAge + Self.refreshGrace)
            return fresh || beingRefreshed ? entry.response : nil
        }
    }

    /// The answer to `request`: from the cache when it can be, else `compute`d and kept if it may be.
    func answer(_ request: Request, _ account: Account, compute: @escaping @Sendable () throws -> Response) throws -> Response {
        guard let key = key(request, account) else { return try compute() }
        switch state.withLock({ lookup(key, writeCount(account), in: &$0) }) {
        case .answer(let response):
            return response
        case .answerAndRefresh(let response):
            // A refresh that fails leaves the mark: the old answer is given until the grace ends.
            refresh { [self] in _ = try? keep(key, account, compute) }
            return response
        case .compute(let flight):
            let result = Result { try keep(key, account, compute) }
            state.withLock { if $0.flights[key] === flight { $0.flights[key] = nil } }
            flight.finish(result)
            return try result.get()
        case .wait(let flight):
            return try flight.result()
        }
    }

    /// The computed answer, kept if it may be, under `account`'s write count read before it is
    /// computed.
    private func keep(_ key: String, _ account: Account, _ compute: () throws -> Response) throws -> Response {
        let now = now()
        let written = writeCount(account)
        var response = try compute()
        if response.status == .ok, case .data(let body) = response.body, body.count <= Self.largestBody {
            // Copied once here, then sent as they are to every request that gets them.
            response.body = .bytes(ResponseBytes(body))
            let entry = Entry(writeCount: written, storedAt: now, response: response)
            state.withLock { state in
                // An answer computed before a write must not replace one computed after it.
                if let kept = state.entries.value(for: key), kept.writeCount > written { return }
                state.entries.set(entry, for: key, cost: body.count + key.utf8.count)
            }
        }
        return response
    }

    private func lookup(_ key: String, _ written: UInt64, in state: inout State) -> Lookup {
        guard var entry = state.entries.value(for: key), entry.writeCount == written else { return compute(key, written, &state) }
        let age = now() &- entry.storedAt
        if age < Self.nanoseconds(Self.maximumAge) { return .answer(entry.response) }
        if age >= Self.nanoseconds(Self.maximumAge + Self.refreshGrace) { return compute(key, written, &state) }
        if entry.isRefreshing { return .answer(entry.response) }
        entry.isRefreshing = true
        state.entries.set(entry, for: key)
        return .answerAndRefresh(entry.response)
    }

    /// Joins the computation of `key` under way when nothing was written since it started (its
    /// answer is then as new as one computed now), or starts one.
    private func compute(_ key: String, _ written: UInt64, _ state: inout State) -> Lookup {
        if let flight = state.flights[key], flight.writeCount == written { return .wait(flight) }
        let flight = Flight(writeCount: written)
        state.flights[key] = flight
        return .compute(flight)
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(duration.components.seconds) * 1_000_000_000 + UInt64(duration.components.attoseconds / 1_000_000_000)
    }

    /// Whether the answer to `request` depends on no more than what `key` holds: a plain GET.
    private static func mayKeep(_ request: Request) -> Bool {
        request.method == .GET
            && request.headers["If-None-Match"] == nil && request.headers["If-Match"] == nil && request.headers["Range"] == nil
            // A client asking for a fresh answer (`Cache-Control: no-cache`) gets one computed now.
            && !(request.headers["Cache-Control"] ?? "").lowercased().contains("no-cache")
    }

    /// What tells answers apart, with the account's generation when servers share the database;
    /// nil for a request whose answer depends on more, or when the generation cannot be read.
    private func key(_ request: Request, _ account: Account) -> String? {
        guard let key = Self.key(request, account) else { return nil }
        guard let generation else { return key }
        return (try? generation(account)).map { key + " #\($0)" }
    }

    /// What tells answers apart; nil for a request whose answer depends on more than these.
    private static func key(_ request: Request, _ account: Account) -> String? {
        guard mayKeep(request) else { return nil }
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        return "\(account.key.rawValue) \(request.headers["Accept-Language"] ?? "") \(request.path)?\(query)"
    }
}

/// One computation of a kept answer, which other requests for it wait for.
private final class Flight: @unchecked Sendable {
    /// The write count read before the computation started.
    let writeCount: UInt64
    // `outcome` is written once, under `condition`'s lock, and read under it.
    private let condition = NSCondition()
    private var outcome: Result<Response, any Error>?

    init(writeCount: UInt64) {
        self.writeCount = writeCount
    }

    func finish(_ result: Result<Response, any Error>) {
        condition.lock()
        outcome = result
        condition.broadcast()
        condition.unlock()
    }

    /// The computation's answer (or its error), once it has one.
    func result() throws -> Response {
        condition.lock()
        while outcome == nil { condition.wait() }
        let result = outcome!
        condition.unlock()
        return try result.get()
    }
}
