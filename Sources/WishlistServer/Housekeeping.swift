import Foundation
import WishlistStore

/// What a long-running server tidies now and then, not only at start-up: photos uploaded but never
/// put on a wish for a day (with their files), and expired sessions.
///
/// @unchecked: nothing here changes after `init` but the timer, and GCD sources are thread-safe.
final class Housekeeping: @unchecked Sendable {
    /// How often the tidy runs.
    static let interval: DispatchTimeInterval = .seconds(3600)

    private let store: Store
    private let photos: PhotoLibrary
    private let clock: @Sendable () -> Date
    private let logger: (@Sendable (String) -> Void)?
    private let queue = DispatchQueue(label: "wishlist.housekeeping", qos: .utility)
    private let timer: DispatchSourceTimer

    init(store: Store, photos: PhotoLibrary, clock: @escaping @Sendable () -> Date,
         logger: (@Sendable (String) -> Void)?) {
        self.store = store
        self.photos = photos
        self.clock = clock
        self.logger = logger
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tidy() }
        // Active but unscheduled, it never fires; GCD traps on releasing a source never activated.
        timer.activate()
    }

    /// Runs `tidy` every `interval` from one interval from now, until `stop()`.
    func start() {
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
    }

    /// Cancels the timer; returns once a tidy already running has finished.
    func stop() {
        timer.cancel()
        // The handler runs on this serial queue, so an empty block queued behind it waits for it.
        queue.sync {}
    }

    /// One round; failures are logged, and the next round tries again.
    func tidy() {
        let now = clock()
        do {
            try photos.removeAbandonedUploads(now: now)
            try store.accounts.deleteExpiredSessions(now: now)
        } catch {
            logger?("error: housekeeping: \(String(reflecting: error))")
        }
    }
}
