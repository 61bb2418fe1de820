import Foundation
import Synchronization
import WishlistCore

/// Fetches the links of imported wishes after the import has answered (SPEC X6, "links get
/// previews"), one at a time on a thread of its own: each wish gets its page's price and, having
/// no photo, its page's image, as `wish add --link` does (`Links.refresh`). The outbound client
/// paces the visits to any one host. A page that cannot be fetched costs only its preview.
///
/// Wishes waiting when the server stops are not visited; the daily price refresh, when on,
/// visits them later.
final class ImportedLinkPreviews: Sendable {
    /// Wishes waiting at most; a wish beyond them is imported without a preview (a person may
    /// refresh its link by hand), so a flood of imports cannot grow the server's memory.
    static let queueLimit = 50_000

    private struct Waiting {
        var wishes: [(id: UUID, owner: UserKey)] = []
        /// Where the next wish to visit is in `wishes`: taking one moves this, not the array.
        var head = 0
        var stopping = false
        var running = false
    }

    private let links: Links
    private let logger: (@Sendable (String) -> Void)?
    private let state = Mutex(Waiting())
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(links: Links, logger: (@Sendable (String) -> Void)?) {
        self.links = links
        self.logger = logger
    }

    /// Queues the wishes of `owner` for a visit; answers how many were queued.
    @discardableResult
    func enqueue(_ ids: [UUID], owner: UserKey) -> Int {
        let queued = state.withLock { state in
            let room = max(0, Self.queueLimit - (state.wishes.count - state.head))
            state.wishes += ids.prefix(room).map { ($0, owner) }
            return min(room, ids.count)
        }
        if queued < ids.count { logger?("imported links: queue full, \(ids.count - queued) wishes left without a preview") }
        for _ in 0..<queued { arrived.signal() }
        return queued
    }

    func start() {
        guard state.withLock({ state in defer { state.running = true }; return !state.running }) else { return }
        Thread.detachNewThread { [self] in
            while let next = next() {
                do {
                    _ = try links.refresh(next.id, owner: next.owner, addPhoto: true)
                } catch {
                    // Deleted meanwhile, or the page is down: the wish stays as imported.
                    logger?("imported link \(next.id.uuidString.lowercased()): \(error)")
                }
            }
            finished.signal()
        }
    }

    /// Ends the visits; returns once a visit in progress has finished, or after `stopGracePeriod`.
    /// The wait is bounded because a visit awaits the page on Swift's cooperative pool, and
    /// `stop` may be called from a thread of that pool (a test's server let go in async code):
    /// waiting for ever there could hold the very threads the visit needs.
    func stop() {
        guard state.withLock({ state in
            defer { state.stopping = true }
            return state.running && !state.stopping
        }) else { return }
        arrived.signal()
        if finished.wait(timeout: .now() + Self.stopGracePeriod) == .timedOut {
            logger?("imported links: a visit was still running when the server stopped")
        }
    }

    static let stopGracePeriod: DispatchTimeInterval = .seconds(3)

    /// The next wish to visit, waiting for one; nil once stopping.
    private func next() -> (id: UUID, owner: UserKey)? {
        while true {
            arrived.wait()
            let next = state.withLock { state -> (id: UUID, owner: UserKey)?? in
                if state.stopping { return .some(nil) }
                guard state.head < state.wishes.count else { return nil }
                defer {
                    state.head += 1
                    // Visited wishes are dropped once they are most of the array.
                    if state.head * 2 >= state.wishes.count {
                        state.wishes.removeFirst(state.head)
                        state.head = 0
                    }
                }
                return state.wishes[state.head]
            }
            if let next { return next }
        }
    }
}
