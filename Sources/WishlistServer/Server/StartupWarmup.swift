import Foundation
import Geocoding
import HTTPServer
import Synchronization

/// What the first requests after a start would otherwise wait for, made ready on a thread of its
/// own while the server starts listening: the offline place index, which the places group of
/// every search and a photo's place need. Building it takes 150–220 ms of CPU: before listening,
/// it held up every start by that much, and at the first search, it held up that search. It is
/// built into a file in the data folder (only when that does not hold it already; by a child
/// process of `wishlist serve`, `ServerSettings.placeIndexBuilder`) and not kept:
/// the first search reads it back in a few milliseconds, and an idle server holds none of it
/// (6 MB of its memory when it did). A request that needs the index while it is being built
/// waits for it.
///
/// Process-wide, like what it prepares: another application in the same process (the tests)
/// finds it done. `GET /readyz` answers 200 once it is.
enum StartupWarmup {
    private static let finished = Atomic<Bool>(false)

    /// The index's file and what builds it outside this process, as the first application set them.
    private static let placeIndex = Mutex<(file: String, builder: (@Sendable () throws -> Void)?)?>(nil)

    /// Swift runs a static's initialiser once, so the thread starts once per process.
    private static let started: Void = {
        let thread = Thread {
            if let (file, builder) = placeIndex.withLock({ $0 }), !OfflineGazetteer.indexFileIsCurrent(at: file) {
                // A child's failure is in the log its lines went to; the index is then built here.
                try? builder?()
                OfflineGazetteer.prepareIndexFile(at: file)
            }
            // Start-up is over: the heap pages its garbage left free go back.
            ProcessMemory.releaseFreePages()
            finished.store(true, ordering: .releasing)
        }
        thread.name = "wishlist-warmup"
        thread.start()
    }()

    /// Starts the preparing, the first time only: the place index kept in `placeIndexFile`, built
    /// by `builder` when that is given and it needs building; returns at once.
    static func begin(placeIndexFile: String, builder: (@Sendable () throws -> Void)?) {
        OfflineGazetteer.keepIndex(inFile: placeIndexFile)
        placeIndex.withLock { if $0 == nil { $0 = (placeIndexFile, builder) } }
        started
    }

    /// Whether everything is ready.
    static var isFinished: Bool {
        finished.load(ordering: .acquiring)
    }
}
