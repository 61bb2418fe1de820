import Foundation

/// Starts the servers the tests need (PostgreSQL, SeaweedFS) so that they die with the test process.
enum ChildServer {
    /// Starts `arguments` (the first one the program; put `setpriv --pdeathsig` in front) from a
    /// thread that never ends, with its output appended to `log`: `--pdeathsig` signals the server
    /// when the thread that started it ends, not the process, and Swift's and Dispatch's threads
    /// come and go.
    static func launch(_ arguments: [String], log: String, environment: [String: String]? = nil) throws -> Process {
        @Sendable func launch() throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
            if let environment { process.environment = environment }
            if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            output.seekToEndOfFile()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            return process
        }
        let outcome = Locked<Result<Process, any Error>?>(nil)
        let launched = DispatchSemaphore(value: 0)
        Thread {
            outcome.value = Result { try launch() }
            launched.signal()
            DispatchSemaphore(value: 0).wait()
        }.start()
        launched.wait()
        return try outcome.value!.get()
    }

    /// The last lines of a server's `log`, for an error that says why it did not start.
    static func tail(of log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? "(no log)"
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }
}
