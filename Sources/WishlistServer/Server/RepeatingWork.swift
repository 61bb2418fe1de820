import Foundation

/// Work a server does every so often on its own serial queue, from one interval after `start`
/// until `stop()`, which waits for a round already running.
///
/// @unchecked: nothing changes after `init` but the timer's handler, set before it is scheduled,
/// and GCD sources are thread-safe.
final class RepeatingWork: @unchecked Sendable {
    private let interval: DispatchTimeInterval
    private let queue: DispatchQueue
    private let timer: DispatchSourceTimer

    init(_ label: String, every interval: DispatchTimeInterval) {
        self.interval = interval
        queue = DispatchQueue(label: label, qos: .utility)
        timer = DispatchSource.makeTimerSource(queue: queue)
        // Active but unscheduled, it never fires; GCD traps on releasing a source never activated.
        timer.activate()
    }

    /// Runs `round` every interval from one interval from now.
    func start(_ round: @escaping @Sendable () -> Void) {
        timer.setEventHandler(handler: round)
        timer.schedule(deadline: .now() + interval, repeating: interval)
    }

    /// Runs `work` on the rounds' queue, after a round already running and never beside one.
    func sync<T>(_ work: () throws -> T) rethrows -> T {
        try queue.sync(execute: work)
    }

    /// Cancels the timer; returns once a round already running has finished.
    func stop() {
        timer.cancel()
        // The handler runs on this serial queue, so an empty block queued behind it waits for it.
        queue.sync {}
    }
}
