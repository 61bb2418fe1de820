import Foundation
import Geocoding
import HTTPServer
import Synchronization

/// What the first requests after a start would otherwise wait for, loaded on a thread of its own
/// while the server starts listening: the offline place index, which the places group of every
/// search and a photo's place need. It takes 150–220 ms of CPU to build; built before listening,
/// it held up every start by that much, and built at the first search, it would hold up that
/// search. A request that needs it before it is ready waits for it (a static's initialiser runs
/// once; other callers wait).
///
/// Process-wide, like what it loads: another application in the same process (the tests) finds
/// it loaded already. `GET /readyz` answers 200 once it is.
enum StartupWarmup {
    private static let finished = Atomic<Bool>(false)

    /// Swift runs a static's initialiser once, so the thread starts once per process.
    private static let started: Void = {
        let thread = Thread {
            _ = OfflineGazetteer.shared
            // Start-up is over: the heap pages its garbage (the index's building) left free go back.
            ProcessMemory.releaseFreePages()
            finished.store(true, ordering: .releasing)
        }
        thread.name = "wishlist-warmup"
        thread.start()
    }()

    /// Starts the loading, the first time only; returns at once.
    static func begin() {
        started
    }

    /// Whether everything is loaded.
    static var isFinished: Bool {
        finished.load(ordering: .acquiring)
    }
}
