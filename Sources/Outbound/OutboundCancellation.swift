import Synchronization

/// Gives up the outbound requests it is passed to: one in flight ends within about a second
/// (libcurl asks between reads, and about once a second while the other side says nothing), and
/// a later one does not start. Once cancelled it stays so: it belongs to work that is ending,
/// such as a server's background visits when the server stops.
public final class OutboundCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    public var isCancelled: Bool {
        cancelled.load(ordering: .acquiring)
    }
}
