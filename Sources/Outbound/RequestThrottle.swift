/// Spaces out turns at least `interval` apart, across every task that shares it.
///
/// Each caller reserves the next free slot before it suspends, so concurrent callers queue in
/// order instead of racing. A caller whose slot lies more than `maximumWait` ahead gives up at
/// once: a person typing should get the offline answers now, not a queue of stale requests.
public actor RequestThrottle<C: Clock> where C.Duration == Duration {
    private let clock: C
    private let interval: Duration
    private let maximumWait: Duration
    private var nextSlot: C.Instant?

    public init(clock: C, interval: Duration, maximumWait: Duration) {
        self.clock = clock
        self.interval = interval
        self.maximumWait = maximumWait
    }

    /// Waits for the caller's turn and returns when it began; nil when the queue is too long or
    /// the task was cancelled while waiting (its slot is then left unused, erring on the slow side).
    public func waitForTurn() async -> C.Instant? {
        let now = clock.now
        let slot = nextSlot.map { max($0, now) } ?? now
        guard now.duration(to: slot) <= maximumWait else { return nil }
        nextSlot = slot.advanced(by: interval)
        do {
            try await clock.sleep(until: slot, tolerance: nil)
        } catch {
            return nil
        }
        return slot
    }
}
