import Foundation

/// How `wishlist serve` imports the bundled K-culture spots when they need it (the first start,
/// an update with a new release): `wishlist spots import --data DIR`, run by this same binary as
/// a child process, which the server waits for. The import parses 15,000 rows and builds their
/// search index; in the server's own process, some of that memory stayed in its heaps for good.
enum BundledSpotsImport {
    static func inChildProcess(dataDirectory: String) throws {
        let child = Process()
        child.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["spots", "import", "--data", dataDirectory]
        // Its report and errors go where the server's own lines go.
        child.standardInput = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        guard child.terminationReason == .exit, child.terminationStatus == 0 else {
            throw CommandFailure("The import of the bundled K-culture spots failed (status \(child.terminationStatus)).")
        }
    }
}
