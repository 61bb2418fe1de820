import Foundation
import HTTPServer
import WishlistServer

/// How `wishlist serve` imports the bundled K-culture spots when they need it (the first start,
/// an update with a new release): `wishlist spots import --data DIR`, run by this same binary as
/// a child process, which the server waits for. The import parses 15,000 rows and builds their
/// search index; in the server's own process, some of that memory stayed in its heaps for good.
enum BundledSpotsImport {
    /// Runs the import and waits for it, or, when SIGINT or SIGTERM comes first, kills it and
    /// throws `CancellationError`: the server stops at once instead of after the import, and no
    /// import is left running on its own (it writes in one transaction, so what it had done is
    /// undone, and the next start imports the release again).
    static func inChildProcess(data: DataDirectory, stoppingOn signals: TerminationSignals) throws {
        let child = ChildCommand.process(["spots", "import", "--data", data.path], data: data)
        let ended = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in ended.signal() }
        guard !signals.hasArrived else { throw CancellationError() }
        try child.run()
        signals.onArrival { ended.signal() }
        ended.wait()
        if child.isRunning {
            // SIGKILL: nothing of the import is worth a clean stop (its transaction is undone),
            // and a child that does not stop at once would hold the server's stop up. Its end is
            // awaited through the handler, for a bounded time: `waitUntilExit` spins a run loop
            // that, off the main thread and under load, was seen to miss the end for good (the
            // server then "ignored" SIGTERM). Killed, it is gone either way.
            kill(child.processIdentifier, SIGKILL)
            _ = ended.wait(timeout: .now() + .seconds(5))
            throw CancellationError()
        }
        try ChildCommand.check(child)
    }
}
