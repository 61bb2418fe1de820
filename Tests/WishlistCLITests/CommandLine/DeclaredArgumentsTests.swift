import Foundation
import Testing

@testable import wishlist

/// Every command's help and parser come from one list of declarations: what it declares is in its
/// help, and anything else on its command line is a usage error (exit 64).
@Suite struct DeclaredArgumentsTests {
    let cli = CommandRunner(home: FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-args-\(UUID())"))

    /// Every command that runs, with the words that name it (`["wish", "add"]`).
    static func leafCommands(_ command: any Command.Type = WishlistCommand.self, path: [String] = [])
        -> [(path: [String], command: any Command.Type)]
    {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [(path, command)] }
        return subcommands.flatMap { leafCommands($0, path: path + [$0.configuration.name]) }
    }

    /// What a wrong command line gets on stderr, after "wishlist: ", with the exit code 64 (as
    /// `CommandLineTool.main` prints it); nil when the command takes `words`. Read in this process:
    /// `theExecutablePrintsWhatTheCommandLineGets` shows the binary says the same.
    static func usageFailure(_ words: [String]) -> String? {
        let invocation = Invocation(words)
        do {
            _ = try invocation.parse()
            return nil
        } catch let error as UsageError {
            return invocation.usageFailure(error)
        } catch {
            return "not a usage error: \(error)"
        }
    }

    @Test func theExecutablePrintsWhatTheCommandLineGets() async throws {
        for words in [["wish", "add", "--bogus"], ["wish", "list", "--limit"], ["wish", "list", "--limit", "abc"]] {
            let result = try await cli.run(words)
            #expect(result.status == 64, "\(words)")
            #expect(result.error == "wishlist: \(try #require(Self.usageFailure(words)))\n", "\(words)")
        }
        let help = try await cli.run(["wish", "add", "--help"])
        #expect(help.status == 0)
        #expect(help.output == Invocation(["wish", "add", "--help"]).help + "\n")
    }

    @Test func everyDeclaredArgumentIsInItsCommandsHelp() throws {
        let leaves = Self.leafCommands()
        #expect(leaves.count >= 20)
        for (path, command) in leaves {
            let invocation = Invocation(path + ["--help"])
            #expect(invocation.asksForHelp, "\(path)")
            let help = invocation.help
            let usage = try #require(help.split(separator: "\n").first { $0.hasPrefix("Usage: ") }, "\(path)")
            for declaration in command.configuration.arguments {
                #expect(usage.contains(declaration.synopsis), "\(path): \(declaration.synopsis) not in \(usage)")
                let row = help.split(separator: "\n").first { $0.hasPrefix("  \(declaration.label) ") }
                #expect(row?.hasSuffix(declaration.help) == true, "\(path): no help row for \(declaration.label)")
            }
        }
    }

    @Test func anUndeclaredOptionIsAUsageError() throws {
        for (path, _) in Self.leafCommands() {
            for bogus in ["--bogus", "-x", "--bogus=1"] {
                let failure = try #require(Self.usageFailure(path + [bogus]), "\(path) \(bogus) was taken")
                #expect(failure.hasPrefix("Unknown option '\(bogus.prefix { $0 != "=" })'."), "\(path): \(failure)")
                #expect(failure.contains("Usage: wishlist \(path.joined(separator: " "))"), "\(path)")
            }
        }
    }

    @Test func anOptionWithoutItsValueIsAUsageError() throws {
        var checked = 0
        for (path, command) in Self.leafCommands() {
            for case .option(let names, _) in command.configuration.options.map(\.syntax) {
                for words in [[names.long], [names.long, "--json"]] {
                    let failure = try #require(Self.usageFailure(path + words), "\(path) \(words) was taken")
                    #expect(failure.hasPrefix("\(names.long) needs a value."), "\(path) \(words): \(failure)")
                }
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    /// Malformed values of every argument whose value is checked, by its label: each must be a
    /// usage error (exit 64) that names the argument, before anything is sent.
    static let malformed: [String: [String]] = [
        "--limit": ["abc", "0", "101", "2.5"], "--sort": ["random"], "--zoom": ["x", "23", "-1"], "--type": ["opera"],
        "--place-lat": ["100", "north", "nan"], "--place-lng": ["200", "inf"], "LAT": ["100", "x"], "LNG": ["-181"],
        "--date": ["2026-02-30", "today"], "--time": ["25:00", "9:30"], "ID": ["abc", "abcdefg", "not-an-id-at-all"],
        "--wish": ["abc"], "--remove-photo": ["zz"], "--delete": ["1234567"], "--by": ["45"], "--size": ["huge"],
        "--offset": ["-1", "x"], "--group": ["everything"], "--server": ["not a url", "ftp://x", "http://"],
        "SHELL": ["tcsh"], "X,Y,WIDTH,HEIGHT": ["1,2,3"], "--giphy-url": ["ftp://giphy"], "--giphy-rating": ["nc-17"],
        "--session-idle-days": ["0"], "--session-max-age-days": ["x"], "--max-connections": ["0"],
        "--max-connections-per-address": ["-3"], "--expires": ["someday", "2026-13-01"],
        "--database": ["mysql://localhost/wishlist", "./data/wishlist.sqlite"], "--database-connections": ["0", "201", "many"],
        "--leader-check-seconds": ["0", "3601", "soon"], "--media": ["", "s3://", "s3:///photos"]
    ]

    /// A valid value for each positional argument, so that only the one under test is wrong.
    static let validPositionals: [String: String] = [
        "ID": UUID().uuidString, "LAT": "37.5", "LNG": "127", "SHELL": "bash", "X,Y,WIDTH,HEIGHT": "0,0,10,10"
    ]

    @Test func everyMalformedValueIsAUsageErrorNamingItsArgument() throws {
        var checked: Set<String> = []
        for (path, command) in Self.leafCommands() {
            let configuration = command.configuration
            for declaration in configuration.arguments {
                guard let expected = declaration.expectedValue, expected != ValueFormat<String>.text.expected else { continue }
                let name = declaration.spellings.first ?? declaration.label
                let values = try #require(Self.malformed[name], "\(path): no malformed value of \(name) to try")
                for value in values {
                    let positionals = configuration.positionals.map { positional in
                        positional.label == declaration.label ? value : Self.validPositionals[positional.label] ?? "x"
                    }
                    let option = declaration.isPositional ? [] : [name, value]
                    // `map markers` needs its box before it reads the zoom.
                    let required = path == ["map", "markers"] ? ["--bbox", "1,1,2,2"] : []
                    let words = path + positionals + option + required
                    let failure = try #require(Self.usageFailure(words), "\(words) was taken")
                    #expect(failure.hasPrefix("\(name) needs \(expected), not '\(value)'."), "\(words): \(failure)")
                }
                checked.insert(name)
            }
        }
        #expect(checked.isSuperset(of: ["--limit", "--place-lat", "LAT", "--server", "ID", "--date", "--sort", "--zoom"]), "\(checked)")
    }

    static let tag = Option("--tag", "TAG", help: "A tag.", repeatable: true)
    static let limit = Option("--limit", short: "-n", "N", help: "How many.", format: .number)
    static let all = Flag("--all", help: "Everything.")
    static let latitude = Positional("LAT", help: "A latitude.", format: .number)
    static let id = Positional("ID", help: "An id.", format: .id(.wish))
    static let declarations: [any ArgumentDeclaration] = [latitude, tag, limit, all]

    @Test func optionsComeAnywhereInEitherSpelling() throws {
        var arguments = try Arguments(
            ["--tag", "a", "-33.5", "--tag=b", "-n", "5", "--all"], declarations: Self.declarations)
        #expect(try arguments.options(Self.tag) == ["a", "b"])
        #expect(try arguments.option(Self.limit) == 5)
        let all = arguments.flag(Self.all)
        #expect(all)
        #expect(try arguments.positional(Self.latitude) == -33.5)
        try arguments.finish()
    }

    @Test func afterTwoDashesEveryWordIsPositional() throws {
        let word = Positional("WORD", help: "A word.")
        var arguments = try Arguments(["--", "--all"], declarations: [Self.all, word])
        let all = arguments.flag(Self.all)
        #expect(!all)
        #expect(try arguments.positional(word) == "--all")
        try arguments.finish()
    }

    @Test func wrongCommandLinesSayWhatIsWrong() throws {
        func error(_ words: [String], reading: (inout Arguments) throws -> Void = { _ in }) -> String? {
            do {
                var arguments = try Arguments(words, declarations: Self.declarations + [Self.id])
                try reading(&arguments)
                try arguments.finish()
                return nil
            } catch let error as UsageError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(error(["--all=yes"]) == "--all takes no value.")
        #expect(error(["--limit", "1", "-n", "2"]) == "Give -n only once.")
        #expect(error(["--limit", "many"]) { _ = try $0.option(Self.limit) } == "--limit needs a number, not 'many'.")
        #expect(
            error(["x"]) { _ = try $0.positional(Self.id) } == "ID needs a wish id (a UUID, or its first 8 characters or more), not 'x'.")
        #expect(error([]) { _ = try $0.positional(Self.latitude) } == "Missing LAT.")
        #expect(error(["1", "2"]) { _ = try $0.positional(Self.latitude) } == "Unexpected argument '2'.")
        #expect(error(["--all"]) == "--all cannot be used here.")
    }
}
