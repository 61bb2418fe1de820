import Foundation

/// What says a server is running on a data directory: every `wishlist serve` holds a shared
/// `flock` on the folder's `server.lock` for as long as it runs, and a command that must not run
/// beside one (`migrate-to-postgres`) asks for it exclusively. The kernel drops the lock when the
/// process ends however it ends, so a server killed with -9 leaves no stale claim, as a pid file
/// would. Shared, so that servers and the tests' restarts on one folder never wait on each other.
public final class ServerLock: Sendable {
    private let descriptor: Int32

    /// Takes the shared lock of a running server on `data`'s folder (created if needed).
    init(sharedOn data: DataDirectory) throws {
        descriptor = try Self.open(data)
        guard flock(descriptor, LOCK_SH) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "Cannot lock \(Self.path(data)): \(reason)"])
        }
    }

    deinit {
        close(descriptor)
    }

    /// Whether a server runs on `data`'s folder now: its lock is held. False for a folder without one.
    public static func isServerRunning(on data: DataDirectory) -> Bool {
        guard FileManager.default.fileExists(atPath: path(data)), let descriptor = try? open(data) else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    private static func path(_ data: DataDirectory) -> String {
        (data.path as NSString).appendingPathComponent("server.lock")
    }

    private static func open(_ data: DataDirectory) throws -> Int32 {
        try FileManager.default.createDirectory(atPath: data.path, withIntermediateDirectories: true)
        let descriptor = Foundation.open(path(data), O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "Cannot open \(path(data)): \(String(cString: strerror(errno)))"])
        }
        return descriptor
    }
}
