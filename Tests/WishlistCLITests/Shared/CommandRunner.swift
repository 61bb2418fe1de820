import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `wishlist` executable with its own HOME and config folder, feeding stdin and
/// collecting stdout, stderr and the exit code.
struct CommandRunner {
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    let home: URL

    /// A command still running after this long is killed, so that a hang fails its test instead
    /// of the whole run.
    static let timeLimit: TimeInterval = 120

    /// A command that exits without reading its input must not end the test process with SIGPIPE.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static var executable: URL {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0?.deletingLastPathComponent() }
        let found = candidates.map { $0.appendingPathComponent("wishlist") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return found ?? candidates[0].appendingPathComponent("wishlist")
    }

    /// With `terminal`, standard error is a pseudo-terminal, as when a person runs the command, and
    /// `error` is what the command drew on it.
    ///
    /// The waiting happens on a thread of its own: a test blocking one of Swift's few cooperative
    /// threads could starve a server in the test process that the command is talking to.
    func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:], terminal: Bool = false
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        try runWaiting(arguments, stdin: stdin, environment: environment, terminal: terminal)
                    })
            }.start()
        }
    }

    private func runWaiting(
        _ arguments: [String], stdin: String, environment: [String: String], terminal: Bool
    ) throws -> Result {
        var env = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "PATH": "/usr/bin:/bin"]
        env.merge(environment) { $1 }
        let input = try Subprocess.pipe()
        let output = try Subprocess.pipe()
        let error = try Subprocess.pipe()
        let pseudoTerminal = terminal ? try PseudoTerminal() : nil
        let process = try Subprocess(
            Self.executable.path, arguments, environment: env, input: input.read.fileDescriptor,
            output: output.write.fileDescriptor, error: pseudoTerminal?.child.fileDescriptor ?? error.write.fileDescriptor)
        // The child has its own copies: the streams end when it (and anything it started) closes them.
        try input.read.close()
        try output.write.close()
        try error.write.close()
        try pseudoTerminal?.child.close()
        let watchdog = DispatchWorkItem { process.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeLimit, execute: watchdog)
        defer { watchdog.cancel() }
        // Both streams are read at once: a command filling one pipe while the other is read
        // would wait forever.
        let errorRead = DispatchGroup()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: errorRead) {
            err = pseudoTerminal?.readToEnd() ?? error.read.readDataToEndOfFile()
        }
        _ = Self.ignoringBrokenPipes
        try? input.write.write(contentsOf: Data(stdin.utf8))
        try input.write.close()
        let out = output.read.readDataToEndOfFile()
        errorRead.wait()
        return Result(
            status: process.wait(), output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
    }
}
