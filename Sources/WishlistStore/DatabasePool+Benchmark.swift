import Foundation
import SQLite

extension DatabasePool {
    /// Writes `count` generated records for a benchmark, created evenly over `span` before `end`,
    /// oldest first, in transactions of 10 000: `body` writes record `index` created at the date
    /// it is given.
    func writeBenchmarkRecords(
        count: Int, span: TimeInterval, end: Date, _ body: (Database, _ index: Int, _ createdAt: Date) throws -> Void
    ) throws {
        let spanMilliseconds = Int64(span * 1_000)
        let start = end.millisecondsSince1970 - spanMilliseconds
        let batchSize = 10_000
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            try write { db in
                for index in batchStart..<min(batchStart + batchSize, count) {
                    let createdAt = start + spanMilliseconds * Int64(index) / Int64(count)
                    try body(db, index, Date(millisecondsSince1970: createdAt))
                }
            }
        }
    }
}
