import Foundation

/// Work a server does every so often on its own serial queue, from `start` until `stop()`, which
/// waits for a round already running; it may be started again after (a leader's work, stopped
/// when the leadership is lost and started when it is won back).
///
/// @unchecked: the timer is read and replaced under `lock` only (GCD's sources are thread-safe but
/// not marked Sendable).
final class RepeatingWork: @unchecked Sendable {
    private let interval: DispatchTimeInterval
    private let queue: DispatchQueue
    /// The timer of the current run; a new one for each `start`, since a cancelled source cannot
    /// be scheduled again.
    private var timer: (any DispatchSourceTimer)?
    private let lock = NSLock()

    init(_ label: String, every interval: DispatchTimeInterval) {
        self.interval = interval
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Runs `round` every interval, the first time one interval from now, or at once when `now`.
    func start(now: Bool = false, _ round: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler(handler: round)
        source.schedule(deadline: now ? .now() : .now() + interval, repeating: interval)
        source.activate()
        lock.withLock {
            timer?.cancel()
            timer = source
        }
    }

    /// Runs `work` on the rounds' queue, after a round already running and never beside one.
    func sync<T>(_ work: () throws -> T) rethrows -> T {
        try queue.sync(execute: work)
    }

    /// Cancels the timer; returns once a round already running has finished.
    func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
        // The handler runs on this serial queue, so an empty block queued behind it waits for it.
        queue.sync {}
    }
}
