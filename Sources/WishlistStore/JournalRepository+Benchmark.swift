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
        let span: Int64 = 10 * 365 * 24 * 3_600_000
        let start = end.millisecondsSince1970 - span
        let batchSize = 10_000
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            try pool.write { db in
                for index in batchStart..<min(batchStart + batchSize, count) {
                    let createdAt = start + span * Int64(index) / Int64(count)
                    _ = try Self.insert(
                        data.nextDraft(index: index, count: count), id: UUID(), owner: owner,
                        now: Date(millisecondsSince1970: createdAt), db)
                }
            }
        }
    }
}
