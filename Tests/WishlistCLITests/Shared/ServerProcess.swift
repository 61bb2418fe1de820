import Foundation
import WishlistClient
import WishlistCurl

/// A real `wishlist serve` process on a loopback port, with one account signed in. For what only a
/// separate process shows: its memory and the libraries it maps, and async work (link previews)
/// that must not wait for a test process's busy task pool. Call `stop()` when done.
final class ServerProcess {
    struct StartFailure: Error, CustomStringConvertible {
        let log: String
        var description: String { "the server did not start: \(log)" }
    }

    static let username = "erin"
    static let password = "erin's password"

    private let process: Subprocess
    /// Signed in as `username`.
    let client: WishlistClient
    var pid: Int32 { process.pid }

    /// Adds the account to a new data directory under `home` (unless `restart`: it is there from
    /// an earlier server's start), starts the server on it (with `options` of `wishlist serve`)
    /// and signs in.
    init(home: URL, options: [String] = [], restart: Bool = false) async throws {
        let data = home.appendingPathComponent("data").path
        if !restart {
            _ = try await CommandRunner(home: home).run(
                ["user", "add", Self.username, "--password-stdin", "--data", data], stdin: "\(Self.password)\n")
        }
        // Port 0: the server binds a free port and names it in its first line. (A port picked here
        // could be taken by then, e.g. as another test's client port.)
        let arguments = ["serve", "--data", data, "--listen", "127.0.0.1:0", "--spots", "none"] + options
        let log = home.appendingPathComponent("server.log")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        defer { try? logHandle.close() }
        process = try Subprocess(
            CommandRunner.executable.path, arguments, environment: ProcessInfo.processInfo.environment,
            output: logHandle.fileDescriptor, error: logHandle.fileDescriptor)
        do {
            let deadline = Date().addingTimeInterval(30)
            var baseURL: URL?
            while baseURL == nil {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                baseURL = text.firstMatch(of: #/listening on (http://127\.0\.0\.1:[0-9]+)//#).flatMap { URL(string: String($0.1)) }
                guard baseURL != nil || (process.isRunning && Date() < deadline) else { throw StartFailure(log: text) }
                if baseURL == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            client = WishlistClient(baseURL: baseURL!)
            try await client.signIn(username: Self.username, password: Self.password)
        } catch {
            process.signal(SIGTERM)
            process.wait()
            throw error
        }
    }

    func stop() {
        process.signal(SIGTERM)
        process.wait()
    }

    /// A file of /proc/PID, read to its end: String(contentsOfFile:) returns only the first part
    /// of such files, which report a size of 0.
    static func procFile(_ pid: Int32, _ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/\(name)") else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Resident memory of a process in MB, from /proc.
    static func residentMB(_ pid: Int32) -> Double? {
        guard let status = procFile(pid, "status"),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return nil }
        return kilobytes / 1024
    }

    /// The files the process has mapped (its executable and shared libraries among them), from /proc.
    func mappedFiles() -> Set<String> {
        let maps = Self.procFile(pid, "maps") ?? ""
        // "address perms offset dev inode path", the path padded with spaces and absent for
        // anonymous memory.
        return Set(
            maps.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                return fields.count > 5 ? fields[5...].joined(separator: " ") : nil
            })
    }
}
