import Foundation
import Synchronization
import WishlistStore

/// `--refresh-prices daily`: visits every wish's link once a day and records its price when it
/// changed (X10). The visits are spread evenly over the day rather than made at once, and
/// the outbound client paces requests to any one host on top of that.
///
/// It runs on its own thread, not Swift's cooperative pool, since each visit waits for its fetch.
final class PriceRefresher: BackgroundService {
    static let period: TimeInterval = 24 * 3600
    /// Wishes read from the store at a time while listing a round.
    private static let pageSize = 500

    private let links: Links
    private let logger: (@Sendable (String) -> Void)?
    private let stopping = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let running = Mutex(false)

    init(links: Links, logger: (@Sendable (String) -> Void)?) {
        self.links = links
        self.logger = logger
    }

    func start() {
        guard
            running.withLock({ started in
                defer { started = true }
                return !started
            })
        else { return }
        Thread.detachNewThread { [self] in
            while round() {}
            finished.signal()
        }
    }

    /// Ends the rounds; returns once a visit in progress has finished.
    func stop() {
        guard
            running.withLock({ started in
                defer { started = false }
                return started
            })
        else { return }
        stopping.signal()
        finished.wait()
    }

    /// One day's visits; false once stopped.
    private func round() -> Bool {
        let due: [WishRepository.LinkedWish]
        do {
            due = try allLinkedWishes()
        } catch {
            logger?("error: price refresh: \(String(reflecting: error))")
            return pause(Self.period)
        }
        let spacing = Self.period / Double(max(1, due.count))
        for wish in due {
            guard pause(spacing) else { return false }
            do {
                _ = try links.refresh(wish.id, owner: wish.owner)
            } catch {
                // A page that is down today is visited again tomorrow; the wish keeps its last price.
                logger?("price refresh: \(wish.link): \(error)")
            }
        }
        return due.isEmpty ? pause(Self.period) : true
    }

    private func allLinkedWishes() throws -> [WishRepository.LinkedWish] {
        var all: [WishRepository.LinkedWish] = []
        while true {
            let page = try links.wishes.linkedWishes(after: all.last?.id, limit: Self.pageSize)
            all += page
            if page.count < Self.pageSize { return all }
        }
    }

    /// Waits `seconds`; false when `stop` was called meanwhile.
    private func pause(_ seconds: TimeInterval) -> Bool {
        stopping.wait(timeout: .now() + seconds) == .timedOut
    }
}
