import Foundation
import WishlistCore
import WishlistStore

extension JournalRepository {
    /// Fills an account's journal with `count` made-up entries for benchmarks (see
    /// ``JournalBenchmarkData``), written over the ten years before `end`, oldest first. The same
    /// `seed` gives the same entries.
    ///
    /// Writes in transactions of 10 000 entries through the same cached statements as ``create(_:owner:now:)``.
    package func generateBenchmarkData(
        owner: UserKey, count: Int, seed: UInt64 = 1, end: Date = .nowInMilliseconds()
    ) throws {
        var data = JournalBenchmarkData(seed: seed)
        try CreationTimes(count: count, span: 10 * 365 * 24 * 3_600, end: end).forEachBatch { batch in
            try insertGenerated(batch.map { (data.nextDraft(index: $0.index, count: count), $0.createdAt) }, owner: owner)
        }
    }
}
