import Foundation
import WishlistStore

/// What a long-running server tidies now and then, not only at start-up: photos uploaded but never
/// put on a wish or a journal entry for a day (with their files), sessions past their maximum age
/// or unused for `sessionIdleTimeout`, idempotency keys past `IdempotentWrites.keptFor`, the ended
/// windows of the rate limits that servers on PostgreSQL share (`RateWindowRepository`), and the
/// full-text indexes' segments, merged into one per index (`Store.compactSearchIndexes`).
final class Housekeeping: BackgroundService {
    /// How often the tidy runs.
    static let interval: DispatchTimeInterval = .seconds(3600)

    private let store: Store
    private let photos: PhotoLibrary
    private let clock: @Sendable () -> Date
    private let sessionIdleTimeout: TimeInterval
    private let logger: (@Sendable (String) -> Void)?
    private let rounds = RepeatingWork("wishlist.housekeeping", every: Housekeeping.interval)

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

    /// Runs `tidy` every `interval` from one interval from now, until `stop()`.
    func start() {
        rounds.start { [self] in tidy() }
    }

    /// Cancels the timer; returns once a tidy already running has finished.
    func stop() {
        rounds.stop()
    }

    /// One round; failures are logged, and the next round tries again.
    func tidy() {
        let now = clock()
        do {
            try photos.removeAbandonedUploads(now: now)
            try store.sessions.deleteExpiredSessions(now: now, idleSince: now.addingTimeInterval(-sessionIdleTimeout))
            try store.idempotency.deleteClaimed(before: now.addingTimeInterval(-IdempotentWrites.keptFor))
            try store.rateWindows.deleteEnded(before: now)
            try store.compactSearchIndexes()
        } catch {
            logger?("error: housekeeping: \(String(reflecting: error))")
        }
    }
}
