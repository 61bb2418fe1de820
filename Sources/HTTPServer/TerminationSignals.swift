import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM, caught from the moment this is made.
///
/// Make it before the server listens, so that a SIGTERM sent as soon as it answers is not lost.
/// `wishlist serve` makes it first of all, so that a signal during the start-up's own work (the
/// first start's import of the spots) is not lost either: that work asks `onArrival` to hear of it.
/// The signals are caught by a handler installed before `init` returns (not a dispatch source,
/// which is armed a moment later on another thread: a signal sent in between, with the default
/// action already ignored, was lost), and a child process gets the default action back when it
/// starts another program.
public final class TerminationSignals: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var arrived = false
    private var listeners: [@Sendable () -> Void] = []

    public init() {
        SignalRelay.listen(self)
    }

    /// Whether SIGINT or SIGTERM has come since this was made.
    public var hasArrived: Bool {
        lock.withLock { arrived }
    }

    /// Calls `listener` once, when the first signal comes, or at once if one has come already.
    public func onArrival(_ listener: @escaping @Sendable () -> Void) {
        let now: Bool = lock.withLock {
            if !arrived { listeners.append(listener) }
            return arrived
        }
        if now { listener() }
    }

    /// Blocks until the process gets SIGINT or SIGTERM (or has got one since this was made).
    public func wait() {
        let received = DispatchSemaphore(value: 0)
        onArrival { received.signal() }
        received.wait()
    }

    fileprivate func arrive() {
        let waiting: [@Sendable () -> Void] = lock.withLock {
            guard !arrived else { return [] }
            arrived = true
            defer { listeners = [] }
            return listeners
        }
        for listener in waiting { listener() }
    }
}

/// The process-wide part: the handler, which only posts a semaphore (about the only thing a signal
/// handler may do), and a thread that waits on it and tells every `TerminationSignals`.
private enum SignalRelay {
    nonisolated(unsafe) static let posted: UnsafeMutablePointer<sem_t> = {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        return semaphore
    }()
    /// Held weakly: a `TerminationSignals` no one holds any more hears nothing.
    private struct Recipient {
        weak var signals: TerminationSignals?
    }
    private static let recipients = Mutex<[Recipient]>([])

    /// Installs the handler and starts the thread, once per process.
    private static let installed: Void = {
        _ = posted
        let thread = Thread {
            while true {
                guard sem_wait(posted) == 0 else { continue }  // EINTR
                for recipient in recipients.withLock({ $0 }) { recipient.signals?.arrive() }
            }
        }
        thread.name = "wishlist-signals"
        thread.start()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in sem_post(SignalRelay.posted) }
        // Restarted, so that no read, write or poll of another thread fails with EINTR for it.
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for signalNumber in [SIGINT, SIGTERM] { sigaction(signalNumber, &action, nil) }
    }()

    static func listen(_ signals: TerminationSignals) {
        recipients.withLock { recipients in
            recipients.removeAll { $0.signals == nil }
            recipients.append(Recipient(signals: signals))
        }
        installed
    }
}
