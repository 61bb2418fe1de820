import Foundation
import Testing
import WishlistCore

/// The completion scripts: each shell accepts its script, and completing in a real bash, zsh and
/// fish gives commands, options and record ids from a real server — in zsh and fish with each
/// record's name beside its id, which bash cannot show.
@Suite final class CompletionTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-completion-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs `shell` (bash, zsh or fish) with the `wishlist` executable on the PATH, in an empty
    /// folder so that no file name completes; returns its output.
    func run(
        _ shell: String, _ arguments: [String], _ environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let folder = home.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let executables = CommandRunner.executable.deletingLastPathComponent().path
        let output = try Subprocess.pipe()
        // A completion that never comes fails the test rather than hanging it.
        let process = try Subprocess(
            "/usr/bin/env", ["-C", folder.path, "timeout", "60", shell] + arguments,
            environment: environment.merging(["HOME": home.path, "PATH": "\(executables):/usr/bin:/bin"]) { $1 },
            output: output.write.fileDescriptor)
        try output.write.close()
        let data = output.read.readDataToEndOfFile()
        return (process.wait(), String(decoding: data, as: UTF8.self))
    }

    /// What bash's completion offers for `line`, the cursor at its end.
    func completeInBash(_ line: String, script: URL, _ environment: [String: String]) throws -> [String] {
        let words = line.split(separator: " ").map { "'\($0)'" } + (line.hasSuffix(" ") ? ["''"] : [])
        let driver = """
            source '\(script.path)'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            _wishlist
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try run("bash", ["-c", driver], environment).output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndWishIDs() async throws {
        let (server, environment, wish) = try await serverWithAWish()
        defer { server.stop() }
        let script = try await script("bash")

        #expect(try completeInBash("wishlist wi", script: script, environment) == ["wish"])
        #expect(try completeInBash("wishlist wish s", script: script, environment) == ["show"])
        #expect(try completeInBash("wishlist wish add --fa", script: script, environment) == ["--favorite"])
        #expect(
            try completeInBash("wishlist wish show ", script: script, environment) == [wish.id.uuidString.lowercased()],
            "bash shows no descriptions: the id alone")
        #expect(try completeInBash("wishlist wish add --photo ", script: script, environment).isEmpty)

        #expect(try await CommandRunner(home: home).run(["completion", "tcsh"]).status == 64)
    }

    /// The script `wishlist completion SHELL` prints, saved to a file that `SHELL -n` accepts.
    func script(_ shell: String) async throws -> URL {
        let printed = try await CommandRunner(home: home).run(["completion", shell])
        #expect(printed.status == 0)
        let script = home.appendingPathComponent("wishlist.\(shell)")
        try Data(printed.output.utf8).write(to: script)
        #expect(try run(shell, ["-n", script.path]).status == 0)
        return script
    }

    /// A server with one wish and the environment that points the CLI at it.
    func serverWithAWish() async throws -> (server: ServerProcess, environment: [String: String], wish: Wish) {
        let server = try await ServerProcess(home: home)
        let token = try await server.client.createToken(name: "completion").token
        let environment = ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token]
        return (server, environment, try await server.client.createWish(WishDraft(name: "Kite")))
    }

    @Test func fishCompletesCommandsOptionsAndWishIDs() async throws {
        let (server, environment, wish) = try await serverWithAWish()
        defer { server.stop() }
        let script = try await script("fish")
        // fish's own completion engine: `complete -C LINE` prints what TAB would offer.
        func complete(_ line: String) throws -> [String] {
            try run("fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"], environment).output
                .split(separator: "\n").map(String.init)
        }
        #expect(try complete("wishlist wi") == ["wish"])
        #expect(try complete("wishlist wish add --fa") == ["--favorite"])
        #expect(try complete("wishlist wish show ") == ["\(wish.id.uuidString.lowercased())\tKite"])
        #expect(Set(try complete("wishlist gifs ")) == ["search", "trending", "favorites"], "fish sorts them")
        #expect(try complete("wishlist gifs search cat --o") == ["--offset"])
    }

    @Test func fishShowsTheNamesOfEveryKindOfRecordAnIDNames() async throws {
        let (server, environment, wish) = try await serverWithAWish()
        defer { server.stop() }
        let entry = try await server.client.createJournalEntry(JournalDraft(title: "Flew it", date: "2026-12-01"))
        _ = try await server.client.search("kites")
        let recent = try #require(try await server.client.recentSearches().first)
        let script = try await script("fish")
        func complete(_ line: String) throws -> Set<String> {
            Set(
                try run("fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"], environment).output
                    .split(separator: "\n").map(String.init))
        }
        func shown(_ id: UUID, _ name: String) -> String { "\(id.uuidString.lowercased())\t\(name)" }
        #expect(try complete("wishlist journal show ") == [shown(entry.id, "Flew it")])
        #expect(try complete("wishlist journal add T --wish ") == [shown(wish.id, "Kite")], "an option that takes an id")
        #expect(try complete("wishlist recent --delete ") == [shown(recent.id, "kites")])
        // With a start typed, the server finds the ids by prefix, however many records there are.
        let start = String(wish.id.uuidString.lowercased().prefix(3))
        #expect(try complete("wishlist wish rm \(start)") == [shown(wish.id, "Kite")])
        #expect(try complete("wishlist wish rm \(start.uppercased())") == [shown(wish.id, "Kite")], "any case")
        let other = start.first == "0" ? "f" : "0"
        #expect(try complete("wishlist wish rm \(other)").allSatisfy { !$0.contains("Kite") })
        #expect(try complete("wishlist wish show \(wish.id.uuidString.lowercased()) --tag ").isEmpty, "no second id")
    }

    @Test func zshCompletesCommandsOptionsAndWishIDs() async throws {
        let (server, environment, wish) = try await serverWithAWish()
        defer { server.stop() }
        let script = try await script("zsh")
        let photos = home.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: photos.appendingPathComponent("kite.jpg").path, contents: Data())
        // An interactive zsh on a pseudo-terminal (zpty) with the real completion system: each line
        // is typed, then a key bound to complete-word and print the line as completed, between
        // markers that the typed text itself does not contain; zpty -r waits for the closing one.
        let lines = ["wishlist wi", "wishlist wish s", "wishlist wish add --fa", "wishlist wish show ", "wishlist wish add --photo k"]
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1=''; bindkey -e; autoload -Uz compinit && compinit -u -D"
            zpty -w z "source '\(script.path)'; cd '\(photos.path)'"
            zpty -w z 'completed() { zle complete-word; print -r -- "<<""LINE:$BUFFER:ENIL>>" }; zle -N completed; bindkey "^T" completed'
            for line in \(lines.map { "'\($0)'" }.joined(separator: " ")); do
              zpty -w -n z "$line"$'\\x14'
              zpty -r -m z out '*<<LINE:*:ENIL>>*'
              print -r -- "${${out##*<<LINE:}%%:ENIL>>*}"
              zpty -w -n z $'\\x15'
            done
            zpty -d z
            """
        let completed = try run("zsh", ["-f", "-c", driver], environment).output.split(separator: "\n").map(String.init)
        #expect(
            completed == [
                "wishlist wish ", "wishlist wish show ", "wishlist wish add --favorite ",
                "wishlist wish show \(wish.id.uuidString.lowercased()) ", "wishlist wish add --photo kite.jpg "
            ])

        // With two wishes to choose from, the list zsh draws shows each id with its name.
        let tent = try await server.client.createWish(WishDraft(name: "Tent"))
        let listing = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1=''; bindkey -e; autoload -Uz compinit && compinit -u -D"
            zpty -w z "source '\(script.path)'"
            zpty -w z 'marked() { print -r -- "<<""LIST:ENIL>>" }; zle -N marked; bindkey "^T" list-choices "^Y" marked'
            # The list is drawn once the key's widget is done: the marker comes from the key after.
            zpty -w -n z 'wishlist wish show '$'\\x14'$'\\x19'
            zpty -r -m z out '*<<LIST:ENIL>>*'
            print -r -- "$out"
            zpty -d z
            """
        let listed = try run("zsh", ["-f", "-c", listing], environment).output
        #expect(listed.contains("\(wish.id.uuidString.lowercased())  -- Kite"), "\(listed)")
        #expect(listed.contains("\(tent.id.uuidString.lowercased())  -- Tent"), "\(listed)")
    }
}
