import Foundation
import Synchronization
import WishlistCore
import WishlistStore

/// Remembers searches as recent searches (K2) a moment after they are made, so that a search
/// stays a read: a write makes every other connection drop its page cache, and a search typed
/// letter by letter wrote once per pause. (Nor do these writes make kept answers stale: see
/// `RecentSearchRepository.record`.)
///
/// Searches wait here, in order, and are written together, in one transaction, at most every
/// `interval`; reading, deleting or clearing an account's recent searches writes its waiting ones
/// first, so the account never sees the list without them. Those still waiting when the server is
/// killed (not stopped) are not remembered.
final class RecentSearchRecorder: BackgroundService {
    static let interval: DispatchTimeInterval = .milliseconds(500)

    private struct Search {
        let query: String
        let owner: UserKey
        let at: Date
    }

    private let repository: RecentSearchRepository
    private let logger: (@Sendable (String) -> Void)?
    private let waiting = Mutex<[Search]>([])
    private let rounds = RepeatingWork("wishlist.recent-searches", every: RecentSearchRecorder.interval)

    init(repository: RecentSearchRepository, logger: (@Sendable (String) -> Void)?) {
        self.repository = repository
        self.logger = logger
    }

    /// `query` (already checked) searched by `owner` at `at`, to be remembered shortly.
    func note(_ query: String, owner: UserKey, at: Date) {
        waiting.withLock { $0.append(Search(query: query, owner: owner, at: at)) }
    }

    /// Writes `owner`'s waiting searches now, before their list is read or changed; a round
    /// writing them already is waited for.
    func flush(owner: UserKey) throws {
        try rounds.sync {
            try write(
                waiting.withLock { searches in
                    defer { searches.removeAll { $0.owner == owner } }
                    return searches.filter { $0.owner == owner }
                })
        }
    }

    func start() {
        rounds.start { [self] in writeWaiting() }
    }

    /// Stops the rounds and writes what is still waiting.
    func stop() {
        rounds.stop()
        rounds.sync { writeWaiting() }
    }

    /// One round: a failed write is logged and its searches forgotten (they are only a convenience).
    private func writeWaiting() {
        do {
            try write(
                waiting.withLock { searches in
                    defer { searches = [] }
                    return searches
                })
        } catch {
            logger?("error: recent searches: \(String(reflecting: error))")
        }
    }

    private func write(_ searches: [Search]) throws {
        try repository.record(searches.map { ($0.query, $0.owner, $0.at) })
    }
}
