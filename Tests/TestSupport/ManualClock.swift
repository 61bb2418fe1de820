import Foundation

/// A clock the test owns: time moves only when someone sleeps on it (or never, when frozen),
/// so throttling is measured in simulated seconds without waiting for real ones.
public final class ManualClock: Clock, @unchecked Sendable {
    public struct Instant: InstantProtocol {
        public let offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var deadlines: [Instant] = []
    /// When false, sleeping returns at once without moving time, so reservations pile up.
    private let advancesWhenSleeping: Bool

    public init(advancesWhenSleeping: Bool = true) {
        self.advancesWhenSleeping = advancesWhenSleeping
    }

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Every instant someone asked to sleep until, in order.
    public var sleeps: [Instant] { lock.withLock { deadlines } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        lock.withLock {
            deadlines.append(deadline)
            if advancesWhenSleeping { current = max(current, deadline) }
        }
    }
}
