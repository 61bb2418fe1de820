import Foundation

/// SIGINT and SIGTERM, caught from the moment this is made until `wait()` returns one.
///
/// Make it before the server listens: catching a signal means ignoring its default action
/// (`SIG_IGN`) and then arming a dispatch source, which takes effect a moment later. A signal sent in
/// between is lost, so that moment must come before anyone can know the server is up and ask it to stop.
public final class TerminationSignals {
    private let received = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    public init() {
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [received] in received.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until the process gets SIGINT or SIGTERM (or has got one since this was made).
    public func wait() {
        received.wait()
        for source in sources { source.cancel() }
    }
}
