import Foundation
import Outbound
import Synchronization
import WishlistCore

/// Fetches the links of imported wishes after the import has answered (X11, "links get
/// previews"), one at a time on a thread of its own: each wish gets its page's price and, having
/// no photo, its page's image, as `wish add --link` does (`Links.refresh`). The outbound client
/// paces the visits to any one host. A page that cannot be fetched costs only its preview.
///
/// The thread lives only while wishes wait: a server that imports nothing keeps none (a test run
/// holds a hundred servers at once, and idle threads added up to hundreds).
/// Wishes waiting when the server stops are not visited, and the page or image being fetched is
/// given up; the daily price refresh, when on, visits them later.
final class ImportedLinkPreviews: BackgroundService {
    /// Wishes waiting at most; a wish beyond them is imported without a preview (a person may
    /// refresh its link by hand), so a flood of imports cannot grow the server's memory.
    static let queueLimit = 50_000

    private struct Waiting {
        var wishes: [(id: UUID, owner: UserKey)] = []
        /// Where the next wish to visit is in `wishes`: taking one moves this, not the array.
        var head = 0
        var stopping = false
        /// Whether the visiting thread is alive.
        var visiting = false
    }

    private let links: Links
    private let logger: (@Sendable (String) -> Void)?
    private let state = Mutex(Waiting())
    /// Cancelled by `stop()`: the visit in progress gives up its page within about a second.
    private let cancellation = OutboundCancellation()
    /// Signalled by the visiting thread when it ends after `stop()` began.
    private let finished = DispatchSemaphore(value: 0)

    init(links: Links, logger: (@Sendable (String) -> Void)?) {
        self.links = links
        self.logger = logger
    }

    /// Queues the wishes of `owner` for a visit, starting the visiting thread if none is alive;
    /// answers how many were queued (none once stopping).
    @discardableResult
    func enqueue(_ ids: [UUID], owner: UserKey) -> Int {
        let (queued, startThread) = state.withLock { state -> (Int, Bool) in
            guard !state.stopping else { return (0, false) }
            let room = max(0, Self.queueLimit - (state.wishes.count - state.head))
            state.wishes += ids.prefix(room).map { ($0, owner) }
            let queued = min(room, ids.count)
            defer { if queued > 0 { state.visiting = true } }
            return (queued, queued > 0 && !state.visiting)
        }
        if queued < ids.count { logger?("imported links: queue full, \(ids.count - queued) wishes left without a preview") }
        if startThread { Thread.detachNewThread { [self] in visitWaiting() } }
        return queued
    }

    /// Nothing to start: the visiting thread starts with the first wishes queued.
    func start() {}

    /// Ends the visits: the one in progress gives up its fetch, and `stop` returns once it has
    /// finished, or after `stopGracePeriod`. The wait is bounded because a visit awaits the page
    /// on Swift's cooperative pool, and `stop` may be called from a thread of that pool (a test's
    /// server let go in async code): waiting for ever there could hold the very threads the
    /// visit needs to end.
    func stop() {
        let mustWait = state.withLock { state in
            state.stopping = true
            return state.visiting
        }
        cancellation.cancel()
        guard mustWait else { return }
        if finished.wait(timeout: .now() + Self.stopGracePeriod) == .timedOut {
            logger?("imported links: a visit was still running when the server stopped")
        }
    }

    static let stopGracePeriod: DispatchTimeInterval = .seconds(3)

    /// The visiting thread: visits until no wish waits or the server stops.
    private func visitWaiting() {
        while let next = next() {
            do {
                _ = try links.refresh(next.id, owner: next.owner, addPhoto: true, cancellation: cancellation)
            } catch {
                // Deleted meanwhile, or the page is down: the wish stays as imported.
                logger?("imported link \(next.id.uuidString.lowercased()): \(error)")
            }
        }
    }

    /// The next wish to visit; nil, and the thread counted as ended, once none waits or stopping.
    private func next() -> (id: UUID, owner: UserKey)? {
        let (next, signalStop) = state.withLock { state -> ((id: UUID, owner: UserKey)?, Bool) in
            guard !state.stopping, state.head < state.wishes.count else {
                state.visiting = false
                return (nil, state.stopping)
            }
            defer {
                state.head += 1
                // Visited wishes are dropped once they are most of the array.
                if state.head * 2 >= state.wishes.count {
                    state.wishes.removeFirst(state.head)
                    state.head = 0
                }
            }
            return (state.wishes[state.head], false)
        }
        if signalStop { finished.signal() }
        return next
    }
}
