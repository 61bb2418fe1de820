import Foundation
import WishlistCore
import WishlistStore

extension WishRepository {
    /// Fills an account with `count` made-up wishes for benchmarks (see ``BenchmarkData``), created
    /// over the three years before `end`, oldest first. The same `seed` gives the same wishes.
    ///
    /// Writes in transactions of 10 000 wishes through the same cached statements as ``create(_:owner:now:)``.
    package func generateBenchmarkData(
        owner: UserKey, count: Int, seed: UInt64 = 1, end: Date = .nowInMilliseconds()
    ) throws {
        var data = BenchmarkData(seed: seed)
        try CreationTimes(count: count, span: 3 * 365 * 24 * 3_600, end: end).forEachBatch { batch in
            try insertGenerated(batch.map { (data.nextDraft(), $0.createdAt) }, owner: owner)
        }
    }
}
