import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl
import WishlistServer

@Suite final class CommandLineTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-cli-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }
    var data: String { home.appendingPathComponent("data").path }
    var cli: CommandRunner { CommandRunner(home: home) }

    /// A server on the test's data directory, in this process.
    func startServer(spots: SpotsSource = .none) throws -> WishlistApplication {
        var settings = ServerSettings()
        settings.dataDirectory = data
        settings.port = 0
        settings.logger = nil
        settings.spotsSource = spots
        let application = try WishlistApplication(settings: settings)
        try application.start()
        return application
    }

    @Test func userAddThenSigningInWithThatPasswordWorks() async throws {
        let added = try await cli.run(
            ["user", "add", "Alice", "--admin", "--password-stdin", "--data", data],
            stdin: "correct horse battery\n")
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output.contains("alice"))
        let listed = try await cli.run(["user", "list", "--data", data])
        #expect(listed.output.contains("alice  (admin)"))

        let application = try startServer()
        defer { try? application.stop() }
        let client = WishlistClient(baseURL: URL(string: "http://127.0.0.1:\(application.port)")!)
        #expect(try await client.signIn(username: "alice", password: "correct horse battery").isAdmin)
    }

    @Test func badArgumentsPrintUsageAndExitNonZero() async throws {
        for arguments in [
            ["user", "add"], ["nonsense"], ["user", "add", "bob", "--bogus"], ["serve", "--listen", "nowhere"],
            ["user", "add", "bob", "extra", "--data", data], ["wish", "show", "not-a-uuid", "--server", "http://127.0.0.1:1"],
            ["user"], []
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.error)")
            #expect(result.error.hasPrefix("wishlist: "), "\(arguments)")
            #expect(result.error.contains("Usage: wishlist"), "\(arguments)")
        }
        let help = try await cli.run(["user", "add", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("Usage: wishlist user add NAME"))
        #expect(help.output.contains("--password-stdin"))
    }

    @Test func versionIsPrintedFromOnePlace() async throws {
        for words in [["--version"], ["version"]] {
            let result = try await cli.run(words)
            #expect(result.status == 0, "\(words): \(result.error)")
            #expect(result.output == "wishlist \(WishlistVersion.current)\n", "\(words)")
        }
        #expect(try await cli.run(["--help"]).output.contains("--version"))
        #expect(try await cli.run(["--version=2"]).status == 64)
    }

    @Test func aPublicURLThatIsNotAServersRootIsAUsageError() async throws {
        for (value, problem) in [
            ("https://wishes.example.org/app", "without a path like /app"), ("wishes.example.org", "must start with https://"),
            ("https://wishes.example.org/?a=1", "must not have a query")
        ] {
            let result = try await cli.run(["serve", "--data", data, "--public-url", value])
            #expect(result.status == 64, "\(value): \(result.status) \(result.error)")
            #expect(result.error.hasPrefix("wishlist: --public-url: The public url "), "\(value): \(result.error)")
            #expect(result.error.contains(problem), "\(value): \(result.error)")
        }
    }

    @Test func aRateLimitMustNameAnActionOnceWithAWholeNumber() async throws {
        for (arguments, problem) in [
            (
                ["--rate-limit", "bogus=3"],
                "ACTION one of uploads, link-previews, gif-searches, sign-ins, imports, shared-views, reservations; not 'bogus=3'."
            ),
            (["--rate-limit", "uploads"], "not 'uploads'."),
            (["--rate-limit", "uploads=0"], "uploads= takes a whole number of requests a minute, at least 1."),
            (["--rate-limit", "uploads=-5"], "at least 1."), (["--rate-limit", "uploads=ten"], "at least 1."),
            (["--rate-limit", "uploads=99999999999999999999"], "at least 1."),
            (["--rate-limit", "uploads=5", "--rate-limit", "uploads=6"], "--rate-limit uploads is given twice.")
        ] {
            let result = try await cli.run(["serve", "--data", data] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.error)")
            #expect(result.error.hasPrefix("wishlist: --rate-limit "), "\(arguments): \(result.error)")
            #expect(result.error.contains(problem), "\(arguments): \(result.error)")
        }
    }

    @Test func connectionLimitsAreWholeNumbersFromOne() async throws {
        for option in ["--max-connections", "--max-connections-per-address"] {
            for value in ["0", "-3", "many", "1.5"] {
                let result = try await cli.run(["serve", "--data", data, option, value])
                #expect(result.status == 64, "\(option) \(value): \(result.status) \(result.error)")
                #expect(result.error.contains(option), "\(option) \(value): \(result.error)")
                #expect(result.error.contains("a whole number from 1"), "\(option) \(value): \(result.error)")
            }
        }
    }

    @Test func aTrustedProxyIsAnIPAddress() async throws {
        for value in ["proxy.internal", "", "10.0.0.1:8080", "300.1.1.1"] {
            let result = try await cli.run(["serve", "--data", data, "--trusted-proxy", value])
            #expect(result.status == 64, "\(value): \(result.status) \(result.error)")
            #expect(result.error.contains("--trusted-proxy takes an IP address"), "\(value): \(result.error)")
        }
        let fromTheEnvironment = try await cli.run(
            ["serve", "--data", data], environment: ["WISHLIST_TRUSTED_PROXIES": "10.0.0.2, not-an-address"])
        #expect(fromTheEnvironment.status == 64, "\(fromTheEnvironment.error)")
        #expect(fromTheEnvironment.error.contains("not ' not-an-address'"), "\(fromTheEnvironment.error)")
    }

    @Test func thePasswordCostIsInteractiveOrMinimum() async throws {
        for value in ["fast", "", "MINIMUM"] {
            let result = try await cli.run(["serve", "--data", data, "--password-cost", value])
            #expect(result.status == 64, "\(value): \(result.status) \(result.error)")
            #expect(result.error.contains("--password-cost takes interactive or minimum, not '\(value)'."), "\(result.error)")
        }
    }

    @Test func sessionLifetimesAreOneToTenYearsOfDays() async throws {
        for option in ["--session-idle-days", "--session-max-age-days"] {
            for value in ["0", "-1", "3651", "many", "1.5"] {
                let result = try await cli.run(["serve", "--data", data, option, value])
                #expect(result.status == 64, "\(option) \(value): \(result.status) \(result.error)")
                #expect(result.error.contains(option), "\(option) \(value): \(result.error)")
            }
        }
    }

    @Test func backupThenRestoreIntoAnEmptyDirectory() async throws {
        _ = try await cli.run(["user", "add", "bob", "--password-stdin", "--data", data], stdin: "long enough pass\n")
        let archive = data + "-backup.zip"
        let restored = data + "-restored"
        defer {
            try? FileManager.default.removeItem(atPath: archive)
            try? FileManager.default.removeItem(atPath: restored)
        }
        let backup = try await cli.run(["backup", "--data", data, "--to", archive])
        #expect(backup.status == 0, "\(backup.error)")
        #expect(backup.output.hasPrefix("Backed up \(data) to \(archive): the database and 0 photo files"))
        let restore = try await cli.run(["restore", archive, "--data", restored])
        #expect(restore.status == 0, "\(restore.error)")
        #expect(restore.output.contains("checked. Start it with: wishlist serve --data \(restored)"))
        let users = try await cli.run(["user", "list", "--data", restored])
        #expect(users.output.hasPrefix("bob"))

        let again = try await cli.run(["restore", archive, "--data", restored])
        #expect(again.status == 1)
        #expect(again.error == "wishlist: \(restored) is not empty; restore into a new or empty data directory.\n")
        let noTarget = try await cli.run(["backup", "--data", data])
        #expect(noTarget.status == 64)
        #expect(noTarget.error.hasPrefix("wishlist: backup needs --to FILE."))
        let noData = try await cli.run(["backup", "--data", data + "-missing", "--to", archive])
        #expect(noData.status == 1)
        #expect(noData.error.contains("There is no Wishlist database at"))
        let notAZip = try await cli.run(["restore", data + "/wishlist.sqlite", "--data", restored + "-2"])
        #expect(notAZip.status == 1)
        #expect(!FileManager.default.fileExists(atPath: restored + "-2"))
    }

    @Test func brokenRulesAreOneSentenceAndExit1() async throws {
        let short = try await cli.run(["user", "add", "bob", "--password-stdin", "--data", data], stdin: "short\n")
        #expect(short.status == 1)
        #expect(short.error == "wishlist: A password needs at least 10 characters.\n")
        let noTerminal = try await cli.run(["user", "add", "bob", "--data", data])
        #expect(noTerminal.status == 1)
        #expect(noTerminal.error.contains("--password-stdin"))
        _ = try await cli.run(["user", "add", "bob", "--password-stdin", "--data", data], stdin: "long enough pass\n")
        let twice = try await cli.run(["user", "add", "bob", "--password-stdin", "--data", data], stdin: "long enough pass\n")
        #expect(twice.status == 1)
        #expect(twice.error.contains("taken"))
        let missing = try await cli.run(["user", "delete", "nobody", "--data", data])
        #expect(missing.status == 1)
        let notLoggedIn = try await cli.run(["whoami"])
        #expect(notLoggedIn.status == 1)
        #expect(notLoggedIn.error.contains("wishlist login"))
    }

    @Test func passwdAndDeleteChangeTheAccount() async throws {
        _ = try await cli.run(["user", "add", "carol", "--password-stdin", "--data", data], stdin: "first password!\n")
        let changed = try await cli.run(["user", "passwd", "carol", "--password-stdin", "--data", data], stdin: "second password!\n")
        #expect(changed.status == 0)
        let application = try startServer()
        let client = WishlistClient(baseURL: URL(string: "http://127.0.0.1:\(application.port)")!)
        _ = try await client.signIn(username: "carol", password: "second password!")
        try application.stop()
        let deleted = try await cli.run(["user", "delete", "carol", "--data", data])
        #expect(deleted.status == 0)
        #expect(try await cli.run(["user", "list", "--data", data]).output.contains("No accounts yet."))
    }

    /// `user disable`, `enable` and `reset` from another process on the data directory of a running
    /// server: Bob's next request is refused at once, and `user list` tells the states apart.
    @Test func disableEnableAndResetWorkWhileTheServerRuns() async throws {
        _ = try await cli.run(["user", "add", "alice", "--admin", "--password-stdin", "--data", data], stdin: "alice's password\n")
        _ = try await cli.run(["user", "add", "bob", "--password-stdin", "--data", data], stdin: "bob's password!\n")
        let application = try startServer()
        defer { try? application.stop() }
        let baseURL = URL(string: "http://127.0.0.1:\(application.port)")!
        let browser = WishlistClient(baseURL: baseURL)
        try await browser.signIn(username: "bob", password: "bob's password!")
        let script = WishlistClient(baseURL: baseURL, token: try await browser.createToken(name: "script").token)
        #expect(try await script.me().username == "bob")

        let disabled = try await cli.run(["user", "disable", "bob", "--data", data])
        #expect(disabled.status == 0, "\(disabled.error)")
        #expect(try await browser.send("GET", "/api/v1/me").status == 401)
        #expect(try await script.send("GET", "/api/v1/me").status == 401)
        #expect(try await cli.run(["user", "list", "--data", data]).output.contains("bob  (disabled "))
        let lastAdmin = try await cli.run(["user", "disable", "alice", "--data", data])
        #expect(lastAdmin.status == 1)
        #expect(lastAdmin.error.contains("only administrator"), "\(lastAdmin.error)")
        #expect(try await cli.run(["user", "enable", "bob", "--data", data]).status == 0)
        #expect(try await browser.send("GET", "/api/v1/me").status == 401, "what disabling ended stays ended")

        let reset = try await cli.run(["user", "reset", "bob", "--data", data])
        #expect(reset.status == 0, "\(reset.error)")
        let temporary = try #require(reset.output.split(separator: "\n").last.map(String.init))
        #expect(temporary.count == 19)
        #expect(try await cli.run(["user", "list", "--data", data]).output.contains("bob  (must change password)"))
        #expect(try await WishlistClient(baseURL: baseURL).signIn(username: "bob", password: temporary).mustChangePassword)
        let login = try await cli.run(
            ["login", "--server", baseURL.absoluteString, "--username", "bob", "--password-stdin"], stdin: temporary + "\n")
        #expect(login.status == 1)
        #expect(login.error.contains("temporary password"), "\(login.error)")
        let missing = try await cli.run(["user", "reset", "nobody", "--data", data])
        #expect(missing.status == 1 && missing.error.contains("no account named 'nobody'"), "\(missing.error)")
    }

    /// A list read often enough to be kept, and its reader known from memory (answered on the
    /// server's event thread), ends all the same at the very next request after `user disable` or
    /// `user passwd` in another process.
    @Test func keptAnswersEndAtOnceWhenAnotherProcessDisablesOrChangesThePassword() async throws {
        for name in ["bob", "carol"] {
            _ = try await cli.run(["user", "add", name, "--password-stdin", "--data", data], stdin: "\(name)'s password!\n")
        }
        let application = try startServer()
        defer { try? application.stop() }
        let baseURL = URL(string: "http://127.0.0.1:\(application.port)")!
        var readers: [String: (browser: WishlistClient, script: WishlistClient)] = [:]
        for name in ["bob", "carol"] {
            let browser = WishlistClient(baseURL: baseURL)
            try await browser.signIn(username: name, password: "\(name)'s password!")
            _ = try await browser.createWish(WishDraft(name: "\(name)'s wish"))
            let script = WishlistClient(baseURL: baseURL, token: try await browser.createToken(name: "script").token)
            for _ in 0..<3 {
                for client in [browser, script] {
                    let answer = try await client.send("GET", "/api/v1/wishes")
                    #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self).contains("\(name)'s wish"))
                }
            }
            readers[name] = (browser, script)
        }
        let disabled = try await cli.run(["user", "disable", "bob", "--data", data])
        #expect(disabled.status == 0, "\(disabled.error)")
        let passwd = try await cli.run(["user", "passwd", "carol", "--password-stdin", "--data", data], stdin: "a new password!\n")
        #expect(passwd.status == 0, "\(passwd.error)")
        for (name, reader) in readers {
            #expect(try await reader.browser.send("GET", "/api/v1/wishes").status == 401, "\(name)'s session")
            #expect(try await reader.script.send("GET", "/api/v1/wishes").status == 401, "\(name)'s token")
        }
    }

    @Test func loginThenWishCommandsThenLogout() async throws {
        _ = try await cli.run(["user", "add", "dave", "--password-stdin", "--data", data], stdin: "dave's password\n")
        let application = try startServer()
        defer { try? application.stop() }
        let server = "http://127.0.0.1:\(application.port)"

        let wrong = try await cli.run(["login", "--server", server, "--username", "dave", "--password-stdin"], stdin: "nope nope nope\n")
        #expect(wrong.status == 1)
        #expect(wrong.error.contains("username or password is wrong"))
        let login = try await cli.run(["login", "--server", server, "--username", "dave", "--password-stdin"], stdin: "dave's password\n")
        #expect(login.status == 0, "\(login.error)")
        let saved = home.appendingPathComponent("config/wishlist/login.json").path
        let permissions = try FileManager.default.attributesOfItem(atPath: saved)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try await cli.run(["whoami"]).output.hasPrefix("dave on "))

        let added = try await cli.run(["wish", "add", "Red bike", "--tag", "sport", "--tag", "Bike", "--json"])
        #expect(added.status == 0, "\(added.error)")
        let wish = try JSONCoding.decoder().decode(Wish.self, from: Data(added.output.utf8))
        #expect(wish.tags == ["sport", "Bike"])
        let id = wish.id.uuidString.lowercased()
        #expect(try await cli.run(["wish", "fav", id]).output.contains("★"))
        #expect(try await cli.run(["wish", "list", "--favorites"]).output.contains("Red bike"))
        #expect(try await cli.run(["wish", "edit", id, "--name", "Blue bike", "--no-tags"]).status == 0)
        #expect(try await cli.run(["wish", "show", id]).output.contains("Blue bike"))
        #expect(try await cli.run(["search", "blu"]).output.contains("Blue bike"))
        #expect(try await cli.run(["recent"]).output.contains("blu"))
        let tags = try await cli.run(["tags", "--json"])
        #expect(tags.status == 0 && tags.output.isEmpty, "no tags, no lines: \(tags.output)")
        let invalid = try await cli.run(["wish", "add", "x", "--link", "ftp://example.com"])
        #expect(invalid.status == 64, "a malformed value: \(invalid.error)")
        #expect(invalid.error.hasPrefix("wishlist: --link: ") && invalid.error.contains("http"), "\(invalid.error)")
        for name in ["Kite", "Tent"] { _ = try await cli.run(["wish", "add", name]) }
        let firstPage = try await cli.run(["wish", "list", "--limit", "2"]).output
        #expect(firstPage.split(separator: "\n").count == 3, "\(firstPage)")
        #expect(firstPage.contains("more with --all"))
        let everyPage = try await cli.run(["wish", "list", "--limit", "2", "--all"]).output
        #expect(["Tent", "Kite", "Blue bike"].allSatisfy { everyPage.contains($0) }, "\(everyPage)")
        #expect(!everyPage.contains("more with --all"))
        #expect(try await cli.run(["wish", "rm", id]).status == 0)
        let gone = try await cli.run(["wish", "show", id])
        #expect(gone.status == 1)

        #expect(try await cli.run(["logout"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: saved))
        #expect(try await cli.run(["whoami"]).status == 1)
    }

    /// The real rows of a few works and artists (the server tests' fixture).
    static let spotsSample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../WishlistServerTests/Fixtures/spots-sample.csv").standardizedFileURL.path

    /// Without a file, the bundled release, once: what `wishlist serve` runs as a child process at
    /// the first start.
    @Test func spotsImportWithoutAFileImportsTheBundledReleaseOnce() async throws {
        let imported = try await cli.run(["spots", "import", "--data", data])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.hasPrefix("K-culture spots: "), "\(imported.output)")
        let again = try await cli.run(["spots", "import", "--data", data])
        #expect(again.status == 0 && again.output == "The bundled K-culture spots are imported already.\n", "\(again.output)")
    }

    /// What `wishlist serve` runs as a child process when the place index needs building: once,
    /// then nothing to do; a folder it cannot write is a plain failure.
    @Test func placesIndexBuildsTheIndexOnce() async throws {
        let built = try await cli.run(["places", "index", "--data", data])
        #expect(built.status == 0 && built.output.hasPrefix("Built the place index in \(data)/cache/places.index ("), "\(built)")
        #expect(FileManager.default.fileExists(atPath: "\(data)/cache/places.index"))
        let again = try await cli.run(["places", "index", "--data", data])
        #expect(again.status == 0 && again.output == "The place index in \(data)/cache/places.index is current already.\n", "\(again)")
        let refused = try await cli.run(["places", "index", "--data", "/proc/no-such-folder"])
        #expect(refused.status == 1 && refused.error.hasPrefix("wishlist: Could not build the place index in /proc/"), "\(refused)")
    }

    @Test func spotsImportSearchNearAndWish() async throws {
        let imported = try await cli.run(["spots", "import", Self.spotsSample, "--data", data])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("spots of 7 works and artists"), "\(imported.output)")
        #expect(try await cli.run(["spots", "import", Self.spotsSample, "--data", data]).output.contains("nothing changed"))
        let missing = try await cli.run(["spots", "import", "\(data)/no-such-release.csv.gz", "--data", data])
        #expect(
            missing.status == 1 && missing.error == "wishlist: Cannot read the file '\(data)/no-such-release.csv.gz'.\n", "\(missing.error)"
        )
        _ = try await cli.run(["user", "add", "erin", "--password-stdin", "--data", data], stdin: "erin's password\n")
        let application = try startServer()
        defer { try? application.stop() }
        let server = "http://127.0.0.1:\(application.port)"
        _ = try await cli.run(["login", "--server", server, "--username", "erin", "--password-stdin"], stdin: "erin's password\n")

        let found = try await cli.run(["spots", "search", "BTS", "--type", "artist", "--json"])
        #expect(found.status == 0, "\(found.error)")
        let spots = try found.output.split(separator: "\n").map { try JSONCoding.decoder().decode(Spot.self, from: Data($0.utf8)) }
        #expect(!spots.isEmpty)
        #expect(spots.allSatisfy { $0.title == "방탄소년단" && $0.type == .artist })
        #expect(try await cli.run(["spots", "search", "BTS", "--type", "drama"]).output == "No spots found.\n")
        let spot = try #require(spots.first)
        let id = spot.id.uuidString.lowercased()
        let text = try await cli.run(["spots", "search", "방탄소년단"]).output
        #expect(text.contains("\(id)    \(spot.name) — 방탄소년단 (artist)"), "\(text)")

        let saved = try await cli.run(["spots", "wish", id])
        #expect(saved.status == 0, "\(saved.error)")
        #expect(saved.output.hasPrefix("Saved as a new wish:\n"))
        let again = try await cli.run(["spots", "wish", id, "--json"])
        let wish = try JSONCoding.decoder().decode(Wish.self, from: Data(again.output.utf8))
        #expect(saved.output.contains(wish.id.uuidString.lowercased()))
        #expect(try await cli.run(["spots", "wish", id]).output.hasPrefix("Already saved as this wish:\n"))
        let byPrefix = try await cli.run(["spots", "wish", String(id.prefix(8))])
        #expect(byPrefix.output.hasPrefix("Already saved as this wish:\n"), "a spot's short id: \(byPrefix.error)")
        #expect(try await cli.run(["spots", "search", "방탄소년단"]).output.contains("\(id)  ★ \(spot.name)"))

        let near = try await cli.run(["spots", "near", "37.5665", "126.978", "--limit", "3"])
        #expect(near.status == 0, "\(near.error)")
        #expect(near.output.split(separator: "\n").count == 4 && near.output.hasSuffix("… more with --all\n"), "\(near.output)")
        let count = try #require(imported.output.firstMatch(of: /([0-9,]+) spots of/).map { Int($0.1.filter(\.isNumber)) })
        let everyNear = try await cli.run(["spots", "near", "37.5665", "126.978", "--limit", "100", "--all", "--json"])
        let nearIDs = try everyNear.output.split(separator: "\n").map {
            try JSONCoding.decoder().decode(NearbySpot.self, from: Data($0.utf8)).spot.id
        }
        #expect(nearIDs.count == count && Set(nearIDs).count == count, "every spot once, over pages of 100")
        #expect(try await cli.run(["spots", "wish", "not-an-id"]).status == 64)
        #expect(try await cli.run(["spots", "search", "BTS", "--type", "opera"]).status == 64)
    }
}
