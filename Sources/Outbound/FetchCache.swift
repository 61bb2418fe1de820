/// Answers for an outside service, asked as few times as possible: from a bounded LRU cache when
/// it can, and a question already on its way is not asked again (its callers share the answer).
/// A fetch that fails (answers nil) is not cached, so the next caller tries again.
public actor FetchCache<Key: Hashable & Sendable, Value: Sendable> {
    private var cache: LRUCache<Key, Value>
    private var inFlight: [Key: Task<Value?, Never>] = [:]
    /// How many callers wait on each fetch in flight, the one that started it included; for tests.
    private(set) var callers: [Key: Int] = [:]

    public init(capacity: Int) {
        cache = LRUCache(capacity: capacity)
    }

    /// The answer for `key`: cached, or shared with a fetch in flight, or from `fetch` run now.
    public func value(for key: Key, fetch: @escaping @Sendable () async -> Value?) async -> Value? {
        if let cached = cache.value(for: key) { return cached }
        callers[key, default: 0] += 1
        if let running = inFlight[key] { return await running.value }
        let task = Task { await fetch() }
        inFlight[key] = task
        let value = await task.value
        inFlight[key] = nil
        callers[key] = nil
        if let value { cache.set(value, for: key) }
        return value
    }
}
