import Foundation

/// Counts requests between their first byte and their completion, so that
/// `stop()` can wait for the ones already running.
final class InFlightRequests: @unchecked Sendable {
    // NSCondition guards `count`; @unchecked because the lock is the synchronisation.
    private let condition = NSCondition()
    private var count = 0

    func begin() {
        condition.lock()
        count += 1
        condition.unlock()
    }

    func end() {
        condition.lock()
        count -= 1
        if count == 0 { condition.broadcast() }
        condition.unlock()
    }

    var current: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Returns false if requests were still running at the deadline.
    func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while count > 0 {
            if !condition.wait(until: deadline) { return count == 0 }
        }
        return true
    }
}
