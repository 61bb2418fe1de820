import Foundation
import WishlistCore

extension JournalRepository {
    /// Fills an account's journal with `count` made-up entries for benchmarks (see
    /// ``JournalBenchmarkData``), written over the ten years before `end`, oldest first. The same
    /// `seed` gives the same entries.
    ///
    /// Writes in transactions of 10 000 entries through the same cached statements as ``create(_:owner:now:)``.
    public func generateBenchmarkData(
        owner: UserKey, count: Int, seed: UInt64 = 1, end: Date = .nowInMilliseconds()
    ) throws {
        var data = JournalBenchmarkData(seed: seed)
        try pool.writeBenchmarkRecords(count: count, span: 10 * 365 * 24 * 3_600, end: end) { db, index, createdAt in
            _ = try Self.insert(data.nextDraft(index: index, count: count), id: UUID(), owner: owner, now: createdAt, db)
        }
    }
}
