import Foundation
import Testing
import WishlistCore

/// The completion scripts: bash accepts its script, and completing in a real bash gives commands,
/// options and wish ids from a real server.
@Suite final class CompletionTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-completion-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `script` in bash with the `wishlist` executable on the PATH; returns its output.
    func bash(_ arguments: [String], _ environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = arguments
        let folder = CommandRunner.executable.deletingLastPathComponent().path
        process.environment = environment.merging(["HOME": home.path, "PATH": "\(folder):/usr/bin:/bin"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What bash's completion offers for `line`, the cursor at its end.
    func complete(_ line: String, script: URL, _ environment: [String: String]) throws -> [String] {
        let words = line.split(separator: " ").map { "'\($0)'" } + (line.hasSuffix(" ") ? ["''"] : [])
        let driver = """
            source '\(script.path)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _wishlist
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try bash(["-c", driver], environment).output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndWishIDs() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let token = try await server.client.createToken(name: "completion").token
        let environment = ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token]
        let wish = try await server.client.createWish(WishDraft(name: "Kite"))

        let printed = try CommandRunner(home: home).run(["completion", "bash"])
        #expect(printed.status == 0)
        let script = home.appendingPathComponent("wishlist.bash")
        try Data(printed.output.utf8).write(to: script)
        #expect(try bash(["-n", script.path]).status == 0)

        #expect(try complete("wishlist wi", script: script, environment) == ["wish"])
        #expect(try complete("wishlist wish s", script: script, environment) == ["show"])
        #expect(try complete("wishlist wish add --fa", script: script, environment) == ["--favorite"])
        #expect(try complete("wishlist wish show ", script: script, environment) == [wish.id.uuidString.lowercased()])
        #expect(try complete("wishlist wish add --photo ", script: script, environment).isEmpty)

        for shell in ["zsh", "fish"] {
            let other = try CommandRunner(home: home).run(["completion", shell])
            #expect(other.status == 0 && other.output.contains("wishlist completion \(shell) --line"))
        }
        #expect(try CommandRunner(home: home).run(["completion", "tcsh"]).status == 64)
    }
}
