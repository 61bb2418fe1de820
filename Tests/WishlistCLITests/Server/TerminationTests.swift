import Foundation
import Testing

/// `wishlist serve` stops cleanly on SIGTERM however soon after it starts listening the signal comes:
/// test harnesses and service managers send it the moment the server answers.
@Suite final class TerminationTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-termination-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func aSIGTERMSentTheMomentItListensStopsIt() async throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for attempt in 1...5 {
            let log = home.appendingPathComponent("server-\(attempt).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let logHandle = try FileHandle(forWritingTo: log)
            defer { try? logHandle.close() }
            let arguments = [
                "serve", "--data", home.appendingPathComponent("data").path, "--listen", "127.0.0.1:0", "--spots", "none"
            ]
            let process = try Subprocess(
                CommandRunner.executable.path, arguments, environment: ProcessInfo.processInfo.environment,
                output: logHandle.fileDescriptor, error: logHandle.fileDescriptor)
            func logText() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
            let started = Date()
            while !logText().contains("listening on") && process.isRunning && Date().timeIntervalSince(started) < 30 {
                try await Task.sleep(for: .milliseconds(5))
            }
            process.signal(SIGTERM)
            let signalled = Date()
            while process.isRunning && Date().timeIntervalSince(signalled) < 10 {
                try await Task.sleep(for: .milliseconds(20))
            }
            let stopped = !process.isRunning
            if !stopped { process.signal(SIGKILL) }
            #expect(stopped, "start \(attempt): SIGTERM right after listening was not heard")
            #expect(process.wait() == 0)
            #expect(logText().contains("Wishlist stopped."), "start \(attempt): \(logText())")
        }
    }
}
