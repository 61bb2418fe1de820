/// Answers for an outside service, asked as few times as possible: from a bounded LRU cache when
/// it can (for `lifetime`, when one is given, on an injectable clock), and a question already on
/// its way is not asked again (its callers share the answer, or its failure). A fetch that fails
/// is not cached, so the next caller tries again.
public actor FetchCache<Key: Hashable & Sendable, Value: Sendable, Failure: Error> {
    private var cache: LRUCache<Key, (value: Value, storedAt: Duration)>
    private var inFlight: [Key: Task<Result<Value, Failure>, Never>] = [:]
    private let lifetime: Duration?
    /// Time since the cache was made, on its clock.
    private let elapsed: @Sendable () -> Duration
    /// How many callers wait on each fetch in flight, the one that started it included; for tests.
    private(set) var callers: [Key: Int] = [:]

    /// - Parameter lifetime: how long an answer is reused; nil keeps it until the LRU lets it go.
    public init(capacity: Int, lifetime: Duration? = nil) {
        self.init(capacity: capacity, lifetime: lifetime, clock: ContinuousClock())
    }

    /// - Parameter clock: ages the answers; tests pass a clock they control.
    public init<C: Clock>(capacity: Int, lifetime: Duration?, clock: C) where C.Duration == Duration {
        cache = LRUCache(capacity: capacity)
        self.lifetime = lifetime
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
    }

    /// The answer for `key`: cached, or shared with a fetch in flight, or from `fetch` run now.
    public func value(for key: Key, fetch: @escaping @Sendable () async throws(Failure) -> Value) async throws(Failure) -> Value {
        if let cached = cached(key) { return cached }
        callers[key, default: 0] += 1
        if let running = inFlight[key] { return try await running.value.get() }
        let task = Task { () -> Result<Value, Failure> in
            do throws(Failure) { return .success(try await fetch()) } catch { return .failure(error) }
        }
        inFlight[key] = task
        let result = await task.value
        inFlight[key] = nil
        callers[key] = nil
        if case .success(let value) = result { store(value, for: key) }
        return try result.get()
    }

    /// The answer held for `key` while it is fresh; nil otherwise. Asks nothing.
    public func cached(_ key: Key) -> Value? {
        guard let entry = cache.value(for: key) else { return nil }
        if let lifetime, elapsed() - entry.storedAt >= lifetime { return nil }
        return entry.value
    }

    /// Keeps `value` as the answer for `key` from now on, as if just fetched: an answer learnt on
    /// the way to another (a GIF seen in a list, for a later lookup by id).
    public func store(_ value: Value, for key: Key) {
        cache.set((value, elapsed()), for: key)
    }
}

/// A fetch that brought no answer, for callers whose failures carry nothing to pass on.
public struct NoAnswer: Error, Equatable {
    public init() {}
}

extension FetchCache where Failure == NoAnswer {
    /// The answer for `key` as `value(for:fetch:)` gives it, for a `fetch` that answers nil when it
    /// fails; nil when it did.
    public func value(for key: Key, fetch: @escaping @Sendable () async -> Value?) async -> Value? {
        try? await value(for: key) { () async throws(NoAnswer) -> Value in
            guard let value = await fetch() else { throw NoAnswer() }
            return value
        }
    }
}
