import Foundation
import Testing
import WishlistClient
import WishlistCore

/// Once start-up is over (`/readyz` answers 200), a real `wishlist serve` process has let go of the
/// pages of code that start-up ran (`ProcessMemory.releaseStartupPages`): without it, most of the
/// executable's code stayed mapped in an idle server.
@Suite final class IdleMemoryTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-idle-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    @Test func anIdleServerKeepsLittleOfItsCodeMapped() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let deadline = Date().addingTimeInterval(30)
        while try await server.client.send(APIRoute.Server.ready).status != 200 {
            #expect(Date() < deadline, "the server was not ready within 30 s")
            if Date() >= deadline { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        let code = try #require(Self.codeMapping(of: server), "the executable's code is not mapped")
        // Measured: about 40 % after start-up and a sign-in; 84 % before the release.
        #expect(code.resident * 100 < code.size * 60, "\(code.resident) of \(code.size) KB of code resident")
    }

    /// The size and resident part, in KB, of the mapping of the executable's code (`r-xp`).
    static func codeMapping(of server: ServerProcess) -> (size: Int, resident: Int)? {
        let executable = CommandRunner.executable.resolvingSymlinksInPath().path
        var inCode = false
        var size: Int?
        for line in (ServerProcess.procFile(server.pid, "smaps") ?? "").split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.last != ":" {
                inCode = fields.count >= 6 && fields[1] == "r-xp" && fields[5...].joined(separator: " ") == executable
            } else if inCode, fields.count >= 2, let kilobytes = Int(fields[1]) {
                if fields[0] == "Size:" { size = kilobytes }
                if fields[0] == "Rss:", let size { return (size, kilobytes) }
            }
        }
        return nil
    }
}
