import Foundation
import Synchronization
import WishlistStore

/// Runs the work only one server of a database may do — housekeeping with the media tidy, the
/// daily price refresh — while this server leads (`LeaderLock`), and asks again every `interval`:
/// a follower whether the lock is free, the leader whether it still holds it. When the leader
/// loses it (its database restarted, its session terminated), its services stop, and it tries
/// again like the others; when it stops cleanly, it lets the lock go for another to take at its
/// next try. So after a leader dies, another leads within one interval (plus the moment the
/// database takes to notice the session is gone).
final class Leadership: BackgroundService {
    private let lock: LeaderLock
    /// What runs while this server leads, started in order and stopped in reverse.
    let services: ServiceList
    private let logger: (@Sendable (String) -> Void)?
    private let rounds: RepeatingWork
    /// Written on the rounds' queue only.
    private let leading = Atomic<Bool>(false)

    init(lock: LeaderLock, services: ServiceList, every interval: Duration, logger: (@Sendable (String) -> Void)?) {
        self.lock = lock
        self.services = services
        self.logger = logger
        let (seconds, attoseconds) = interval.components
        rounds = RepeatingWork(
            "wishlist.leadership", every: .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)))
    }

    /// Whether this server leads now.
    var isLeader: Bool { leading.load(ordering: .relaxed) }

    /// Tries at once, so that a server alone on its database leads as soon as it starts, then
    /// every interval.
    func start() {
        rounds.sync { check() }
        rounds.start { [self] in check() }
    }

    /// Stops the leader's services and ends the lock's session, letting the lock go.
    func stop() {
        rounds.stop()
        rounds.sync {
            if isLeader { step(down: "this server stops") }
            lock.release()
        }
    }

    private func check() {
        let holds: Bool
        var reason = "another server holds the lock"
        do {
            holds = try lock.refresh()
        } catch {
            holds = false
            reason = String(describing: error)
        }
        guard holds != isLeader else { return }
        if holds {
            lead()
        } else {
            step(down: reason)
            lock.release()
        }
    }

    private func lead() {
        leading.store(true, ordering: .relaxed)
        logger?("This server now leads the background work (housekeeping, media tidy, price refresh).")
        do {
            try services.start()
        } catch {
            step(down: "its work did not start: \(error)")
            lock.release()
        }
    }

    private func step(down reason: String) {
        services.stop()
        leading.store(false, ordering: .relaxed)
        logger?("This server no longer leads the background work: \(reason).")
    }
}
