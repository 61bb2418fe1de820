import Foundation
import Testing
import WishlistClient

/// A 41 MB upload is refused with 413 by a real `wishlist serve` process that never holds it in memory.
@Suite struct UploadMemoryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-upload-\(UUID())")

    /// Resident memory of a process in MB, from /proc.
    static func residentMB(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return nil }
        return kilobytes / 1024
    }

    @Test func aBigUploadIsRefusedWithoutHoldingItInMemory() async throws {
        let cli = CommandRunner(home: home)
        let data = home.appendingPathComponent("data").path
        _ = try cli.run(["user", "add", "erin", "--password-stdin", "--data", data], stdin: "erin's password\n")
        let port = 20_000 + Int.random(in: 0..<20_000)
        let server = Process()
        server.executableURL = CommandRunner.executable
        server.arguments = ["serve", "--data", data, "--listen", "127.0.0.1:\(port)"]
        let log = home.appendingPathComponent("server.log")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: log.path, contents: nil)
        server.standardOutput = try FileHandle(forWritingTo: log)
        server.standardError = server.standardOutput
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }

        let client = WishlistClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        let deadline = Date().addingTimeInterval(30)
        while (try? await client.isHealthy()) != true {
            #expect(Date() < deadline, "the server did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            if Date() >= deadline { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await client.signIn(username: "erin", password: "erin's password")
        let baseline = try #require(Self.residentMB(server.processIdentifier))

        // Sample the server's memory while the upload streams in.
        let pid = server.processIdentifier
        let sampling = Task.detached { () -> Double in
            var peak = 0.0
            while !Task.isCancelled {
                peak = max(peak, Self.residentMB(pid) ?? 0)
                try? await Task.sleep(for: .milliseconds(5))
            }
            return peak
        }
        var big = Data([0xFF, 0xD8, 0xFF, 0xE0])
        big.append(Data(count: 41 << 20))
        await #expect(throws: WishlistClientError.self) {
            _ = try await client.uploadPhotos([WishlistClient.PhotoFile(filename: "big.jpg", data: big)])
        }
        let answer = try await client.send(
            "POST", "/api/v1/photos",
            body: Data("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"x.jpg\"\r\n\r\n".utf8) + big
                + Data("\r\n--b--\r\n".utf8),
            contentType: "multipart/form-data; boundary=b")
        sampling.cancel()
        let peak = await sampling.value
        #expect(answer.status == 413)
        #expect(peak - baseline < 20, "the server grew from \(baseline) MB to \(peak) MB while receiving 41 MB")
        #expect(try await client.isHealthy())
    }
}
