import Foundation

/// SIGINT and SIGTERM, caught from the moment this is made until `wait()` returns one.
///
/// Make it before the server listens: catching a signal means ignoring its default action
/// (`SIG_IGN`) and then arming a dispatch source, which takes effect a moment later. A signal sent in
/// between is lost, so that moment must come before anyone can know the server is up and ask it to stop.
/// `wishlist serve` makes it first of all, so that a signal during the start-up's own work (the first
/// start's import of the spots) is not lost either: that work asks `onArrival` to hear of it.
public final class TerminationSignals: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var arrived = false
    private var listeners: [@Sendable () -> Void] = []
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in self?.arrive() }
            source.resume()
            return source
        }
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
        lock.withLock {
            for source in sources { source.cancel() }
        }
    }

    private func arrive() {
        let waiting: [@Sendable () -> Void] = lock.withLock {
            guard !arrived else { return [] }
            arrived = true
            defer { listeners = [] }
            return listeners
        }
        for listener in waiting { listener() }
    }
}
