import Foundation
import Synchronization
import WishlistStore

/// What a long-running server tidies now and then, not only at start-up: photos uploaded but never
/// put on a wish or a journal entry for a day (with their files), the media files no record names
/// (`PhotoLibrary.tidy`), sessions past their maximum age or unused for `sessionIdleTimeout`,
/// idempotency keys past `IdempotentWrites.keptFor`, the ended windows of the rate limits that
/// servers on PostgreSQL share (`RateWindowRepository`), the shares that waited for a sign-in in
/// vain (`PendingShareRepository`), and the full-text indexes' segments,
/// merged into one per index (`Store.compactSearchIndexes`).
///
/// One server of a database does it, the leader (`Leadership`): a round as it starts leading (after
/// a crash, or the leader before it lost), then every `interval`.
final class Housekeeping: BackgroundService {
    /// How often the tidy runs.
    static let interval: DispatchTimeInterval = .seconds(3600)

    private let store: Store
    private let photos: PhotoLibrary
    private let clock: @Sendable () -> Date
    private let sessionIdleTimeout: TimeInterval
    private let logger: (@Sendable (String) -> Void)?
    private let rounds = RepeatingWork("wishlist.housekeeping", every: Housekeeping.interval)
    private let finishedRounds = Atomic<Int>(0)

    init(
        store: Store, photos: PhotoLibrary, clock: @escaping @Sendable () -> Date, sessionIdleTimeout: TimeInterval,
        logger: (@Sendable (String) -> Void)?
    ) {
        self.store = store
        self.photos = photos
        self.clock = clock
        self.sessionIdleTimeout = sessionIdleTimeout
        self.logger = logger
    }

    /// How many rounds this server has run, for the tests to see which server does the work.
    var roundsRun: Int { finishedRounds.load(ordering: .relaxed) }

    /// Runs a round now, then every `interval`, until `stop()`.
    func start() {
        rounds.start(now: true) { [self] in round() }
    }

    /// Cancels the timer; returns once a round already running has finished.
    func stop() {
        rounds.stop()
    }

    /// One round now, never beside a timed one.
    func tidy() {
        rounds.sync { round() }
    }

    /// Failures are logged, and the next round tries again.
    private func round() {
        let now = clock()
        do {
            try photos.tidy(now: now)
            try store.sessions.deleteExpiredSessions(now: now, idleSince: now.addingTimeInterval(-sessionIdleTimeout))
            try store.idempotency.deleteClaimed(before: now.addingTimeInterval(-IdempotentWrites.keptFor))
            try store.rateWindows.deleteEnded(before: now)
            try store.pendingShares.deleteExpired(before: now)
            try store.compactSearchIndexes()
        } catch {
            logger?("error: housekeeping: \(String(reflecting: error))")
        }
        finishedRounds.add(1, ordering: .relaxed)
    }
}
