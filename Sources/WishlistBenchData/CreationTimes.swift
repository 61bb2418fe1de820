import Foundation
import WishlistCore

/// When each of `count` generated records was made: evenly over `span` before `end`, oldest first,
/// to the millisecond as the store keeps times; handed out in batches of 10 000, each for one
/// transaction.
struct CreationTimes {
    static let batchSize = 10_000

    let count: Int
    let span: TimeInterval
    let end: Date

    /// Calls `body` with each batch of records, as their index and creation time, in order.
    func forEachBatch(_ body: ([(index: Int, createdAt: Date)]) throws -> Void) throws {
        let spanMilliseconds = Int64(span * 1_000)
        let start = end.millisecondsSince1970 - spanMilliseconds
        for batchStart in stride(from: 0, to: count, by: Self.batchSize) {
            try body(
                (batchStart..<min(batchStart + Self.batchSize, count)).map { index in
                    (index, Date(millisecondsSince1970: start + spanMilliseconds * Int64(index) / Int64(count)))
                })
        }
    }
}
