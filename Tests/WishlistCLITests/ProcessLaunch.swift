import Foundation

extension Process {
    /// Starts the process, one launch at a time across the test process: Foundation's `run()`
    /// crashed inside a memmove when CLI tests started subprocesses at the same moment.
    func launchAlone() throws {
        try Self.launches.withLock { try run() }
    }

    private static let launches = NSLock()
}
