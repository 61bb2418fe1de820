import Foundation

extension DispatchSemaphore {
    /// Waits for a signal at most `duration` (whole nanoseconds), as the pool's waits are given.
    func wait(for duration: Duration) -> DispatchTimeoutResult {
        let (seconds, attoseconds) = duration.components
        return wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }
}
