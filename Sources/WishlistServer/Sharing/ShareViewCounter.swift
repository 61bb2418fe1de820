import Foundation
import Synchronization
import WishlistCore
import WishlistStore

/// Counts how often shared lists are opened (X7) in memory and writes the counts together, so that
/// a friend opening a list is a pure read. Written one visit at a time, every visit was a write
/// transaction and a log sync on the path of `GET /api/v1/shared/{token}` (its p99 at 1,000 wishes
/// and 4 connections sat at the 10 ms the issue allows), and it made every other account's kept
/// answers stale (`ReadCache` keys on the write count).
///
/// A share's views go from a visit to the table only through here, which keeps these promises:
///
/// - a visit writes nothing: `count(_:at:)` adds to a tally in memory, under a lock held for one
///   addition;
/// - each tally is written at most about one `interval` after its first view, every share's
///   tally in one write transaction (`SharedListRepository.addViews`, not counted as a change, so
///   no answer `ReadCache` keeps goes stale); what is waiting when the
///   server stops cleanly (`stop()`, SIGINT, SIGTERM) is written before the database closes. The
///   counter starts before the HTTP server and stops after it, so no visit counts after that last
///   write;
/// - what the owner reads is the table plus what waits here (`sharesWithViews`, `shareWithViews`, around every read
///   of the owner's routes that answers a `Share`), read on the rounds' queue so that no round
///   writes in between: a view shows as soon as it is counted, once, and a count never goes back;
/// - a tally whose write failed (a busy or full database) stays, added to what came since, for the
///   next round;
/// - tallies are kept by the share's id, never its token: rotating a link keeps them, and a
///   revoked share's tally matches no row when written and is dropped.
///
/// Views counted but not yet written are lost only when the process dies without stopping (kill -9,
/// a crash, a power cut): at most one interval's, which is acceptable for a number that tells the
/// owner roughly how often the list is opened, and the price of a visit that does not write.
final class ShareViewCounter: BackgroundService {
    static let interval: DispatchTimeInterval = .seconds(1)

    private let lists: SharedListRepository
    private let logger: (@Sendable (String) -> Void)?
    /// By share id; a share with no view since the last write has no entry.
    private let waiting = Mutex<[UUID: ShareViewTally]>([:])
    private let rounds: RepeatingWork

    init(lists: SharedListRepository, interval: DispatchTimeInterval = ShareViewCounter.interval, logger: (@Sendable (String) -> Void)?) {
        self.lists = lists
        self.logger = logger
        rounds = RepeatingWork("wishlist.share-views", every: interval)
    }

    /// One view of `share` at `at` (the owner's own visits are not views: the caller leaves them out).
    func count(_ share: OpenShare, at: Date) {
        let at = at.inWholeMilliseconds
        let view = ShareViewTally(share: share.id, views: 1, lastViewedAt: at)
        waiting.withLock { waiting in
            waiting[share.id] = waiting[share.id].map { $0.adding(view) } ?? view
        }
    }

    /// What `read` reads of the owner's shares, with the views still waiting here added. It runs on
    /// the rounds' queue, so no round writes between the table's read and the addition: a view
    /// is never counted twice, nor missed, by the owner.
    func sharesWithViews(_ read: () throws -> [Share]) throws -> [Share] {
        try rounds.sync {
            let shares = try read()
            let waiting = waiting.withLock { $0 }
            return shares.map { waiting[$0.id]?.added(to: $0) ?? $0 }
        }
    }

    /// One share `read` reads, with its views still waiting here added (see above).
    func shareWithViews(_ read: () throws -> Share) throws -> Share {
        try sharesWithViews { [try read()] }[0]
    }

    func start() {
        rounds.start { [self] in writeWaiting() }
    }

    /// Stops the rounds and writes what is still waiting.
    func stop() {
        rounds.stop()
        rounds.sync { writeWaiting() }
    }

    /// One round, on the rounds' queue (where the owner's reads are too): the tallies are taken
    /// and written; when the write fails they go back, added to the views counted meanwhile.
    private func writeWaiting() {
        let taken = waiting.withLock { waiting in
            defer { waiting = [:] }
            return Array(waiting.values)
        }
        do {
            try lists.addViews(taken)
        } catch {
            logger?("error: shared list views: \(String(reflecting: error)); kept for the next round")
            waiting.withLock { waiting in
                for tally in taken {
                    waiting[tally.share] = waiting[tally.share].map { tally.adding($0) } ?? tally
                }
            }
        }
    }
}
