import Foundation
import Synchronization
import WishlistStore

/// Whether the database answers, for `GET /readyz`: a load balancer stops sending requests to an
/// instance whose database it cannot reach, while `/healthz` still says the process itself is fine.
///
/// `/readyz` answers on the event thread, which must never wait on the database, so the question
/// is asked here, on a timer, and the answer kept. Only a PostgreSQL store is watched: SQLite's
/// file is the process's own, and a server that cannot read it fails its requests, not its peers'.
final class DatabaseWatch: BackgroundService {
    /// How often the database is asked: a balancer checking every few seconds sees a loss within
    /// about this much of its own interval.
    static let interval: DispatchTimeInterval = .seconds(1)

    private let store: Store
    private let logger: (@Sendable (String) -> Void)?
    private let reachable = Atomic<Bool>(true)
    private let rounds = RepeatingWork("wishlist.database-watch", every: DatabaseWatch.interval)

    init(store: Store, logger: (@Sendable (String) -> Void)?) {
        self.store = store
        self.logger = logger
    }

    /// The last answer: true until a check failed to reach the database, and again once one does.
    var isReachable: Bool { reachable.load(ordering: .relaxed) }

    func start() {
        rounds.start { [self] in check() }
    }

    func stop() {
        rounds.stop()
    }

    /// One check; a change is logged once, not every second.
    func check() {
        let now = store.isReachable()
        let before = reachable.exchange(now, ordering: .relaxed)
        if before != now {
            logger?(now ? "The database answers again." : "error: the database cannot be reached; /readyz answers 503 until it can.")
        }
    }
}
