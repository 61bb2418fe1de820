import Foundation
import WishlistServer

/// A `wishlist` command that `wishlist serve` runs as a child process of this same binary, for
/// work whose memory must not stay in the server's heaps (`BundledSpotsImport`, `PlaceIndexBuild`).
enum ChildCommand {
    /// Why the child did not do its work: its own lines (what went wrong) are in the log above.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The child, not yet started: `arguments` on `data`, its database's URL passed through the
    /// environment (where no `ps` shows its password), its output where the server's lines go.
    static func process(_ arguments: [String], data: DataDirectory) -> Process {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = arguments
        if let url = data.databaseURL {
            child.environment = ProcessInfo.processInfo.environment.merging([Environment.databaseVariable: url]) { $1 }
        }
        child.standardInput = FileHandle.nullDevice
        return child
    }

    /// Runs `arguments` as a child and waits for its end (through its termination handler: see
    /// `BundledSpotsImport`); throws unless it ends with status 0.
    static func run(_ arguments: [String], data: DataDirectory) throws {
        let child = process(arguments, data: data)
        let ended = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in ended.signal() }
        try child.run()
        ended.wait()
        try check(child)
    }

    /// Throws unless the ended child exited with status 0.
    static func check(_ child: Process) throws {
        let name = "'wishlist \((child.arguments ?? []).prefix(2).joined(separator: " "))'"
        switch child.terminationReason {
        case .exit where child.terminationStatus == 0: return
        case .exit: throw Failure(description: "\(name) ended with status \(child.terminationStatus).")
        case .uncaughtSignal: throw Failure(description: "\(name) was killed by signal \(child.terminationStatus).")
        @unknown default: throw Failure(description: "\(name) did not finish.")
        }
    }
}
