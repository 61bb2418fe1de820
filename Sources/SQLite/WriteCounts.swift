import Synchronization

/// How many of a pool's transactions changed what its readers read: those whose written rows named
/// keys (an owner, say) counted under each key they named, and the others in one count of their own.
/// A cache of what one key's rows answer stays true while ``count(forKeys:)`` of that key stays the
/// same, through every write of other keys' rows.
///
/// Keys are named by the writer's own triggers, which call the SQL function
/// `DatabasePool(keyingWritesWith:)` registered with each row's key; a transaction is counted once
/// it commits, before any write in it returns. A write whose savepoint was rolled back inside a
/// transaction that committed still counts its keys: a cache dropped for nothing, never one kept.
final class WriteCounts: Sendable {
    /// Transactions that named no key.
    private let unkeyed = Atomic<UInt64>(0)
    /// Transactions that named each key. A key's count only grows, so sums of counts do too.
    private let keyed = Mutex<[Int64: UInt64]>([:])
    /// The keys named in the writer's open transaction.
    private let named = Mutex<Set<Int64>>([])
    /// How many times a key was named, ever: unchanged across a write, it named none.
    private let namings = Atomic<UInt64>(0)

    /// Notes that the writer's open transaction wrote a row of `key`.
    func name(_ key: Int64) {
        _ = named.withLock { $0.insert(key) }
        namings.add(1, ordering: .relaxed)
    }

    /// How many times a key was named, ever (read on the writer's thread, around each write).
    var namingCount: UInt64 { namings.load(ordering: .relaxed) }

    /// Counts a transaction that just committed: under each key it named, and among the unkeyed
    /// ones when a write in it that a reader may cache named no key (`unkeyed`): a write of rows
    /// no trigger names counts for every key.
    func committed(unkeyed isUnkeyed: Bool) {
        let keys = named.withLock { named in
            defer { named.removeAll(keepingCapacity: true) }
            return named
        }
        if isUnkeyed { unkeyed.add(1, ordering: .releasing) }
        guard !keys.isEmpty else { return }
        keyed.withLock { counts in
            for key in keys { counts[key, default: 0] += 1 }
        }
    }

    /// The transactions that named no key.
    var unkeyedCount: UInt64 { unkeyed.load(ordering: .acquiring) }

    /// The transactions that named no key, and those that named each of `keys` (one that named
    /// several counts once for each).
    func count(forKeys keys: [Int64]) -> UInt64 {
        let counts = keyed.withLock { counts in keys.reduce(0 as UInt64) { $0 + (counts[$1] ?? 0) } }
        return unkeyedCount + counts
    }
}
