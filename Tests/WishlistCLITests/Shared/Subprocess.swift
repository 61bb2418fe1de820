import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, its standard streams given as file descriptors.
///
/// Not Foundation's `Process`: its `run()` crashed now and then in a memmove when CLI tests
/// launched commands (on Linux it emulates close-on-exec with one spawn action per descriptor the
/// test process has open, and the test process has many). Here every descriptor from 3 up is
/// closed in the child by one action, `posix_spawn_file_actions_addclosefrom_np`.
final class Subprocess: Sendable {
    struct SpawnFailure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    /// The exit status once reaped (128 + the signal's number when killed by one).
    private let status = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments` and exactly `environment`; `input`, `output` and
    /// `error` become its descriptors 0, 1 and 2 (nil: /dev/null). The caller closes its copies.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: Int32? = nil, output: Int32? = nil, error: Int32? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in [(0, input), (1, output), (2, error)] {
            if let source {
                posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
            } else {
                posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        guard Self.addCloseFrom(&actions, 3) == 0 else {
            throw SpawnFailure(description: "posix_spawn_file_actions_addclosefrom_np failed")
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(description: "posix_spawn \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not
    /// declare: looked up by name.
    private static let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc without posix_spawn_file_actions_addclosefrom_np (2.34 or later is needed)")
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// A pipe whose ends are closed in children (only what is given as 0, 1 or 2 reaches one; every
    /// spawn here also closes the rest).
    static func pipe() throws -> (read: FileHandle, write: FileHandle) {
        var ends: [Int32] = [0, 0]
        guard Glibc.pipe(&ends) == 0 else { throw SpawnFailure(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (FileHandle(fileDescriptor: ends[0], closeOnDealloc: true), FileHandle(fileDescriptor: ends[1], closeOnDealloc: true))
    }

    /// Waits for the process to end; its exit status.
    @discardableResult
    func wait() -> Int32 {
        reap(options: 0) ?? -1
    }

    /// Whether the process has not ended yet (reaping it if it has).
    var isRunning: Bool {
        reap(options: WNOHANG) == nil
    }

    func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    private func reap(options: Int32) -> Int32? {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        var reaped: pid_t
        repeat { reaped = waitpid(pid, &raw, options) } while reaped == -1 && errno == EINTR
        guard reaped == pid else { return status.withLock { $0 } }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let exited = raw & 0x7f == 0
        let code = exited ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        return status.withLock { known in
            known = known ?? code
            return known
        }
    }
}
