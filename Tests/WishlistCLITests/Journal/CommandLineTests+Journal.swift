import Foundation
import Testing
import WishlistCore

extension CommandLineTests {
    @Test func journalCommandsWithContentsFromStandardInput() async throws {
        _ = try await cli.run(["user", "add", "erin", "--password-stdin", "--data", data], stdin: "erin's password\n")
        let application = try startServer()
        defer { try? application.stop() }
        let server = "http://127.0.0.1:\(application.port)"
        let login = try await cli.run(["login", "--server", server, "--username", "erin", "--password-stdin"], stdin: "erin's password\n")
        #expect(login.status == 0, "\(login.error)")

        // `wishlist journal add "Title" < note.txt`: the file becomes the contents, as written.
        let note = "오늘은 새 가방을 샀다.\n\n  Second paragraph, indented.\n"
        let added = try await cli.run(["journal", "add", "Market day", "--date", "2026-03-01", "--json"], stdin: note)
        #expect(added.status == 0, "\(added.error)")
        let entry = try JSONCoding.decoder().decode(JournalEntry.self, from: Data(added.output.utf8))
        #expect(entry.contents == note)
        #expect(entry.date == "2026-03-01" && entry.title == "Market day")
        let id = entry.id.uuidString.lowercased()

        let texted = try await cli.run(
            ["journal", "add", "Quick one", "--text", "from the option", "--date", "2026-03-02", "--json"],
            stdin: "ignored")
        #expect(try JSONCoding.decoder().decode(JournalEntry.self, from: Data(texted.output.utf8)).contents == "from the option")
        let today = try await cli.run(["journal", "add", "No date given", "--json"])
        #expect(try JSONCoding.decoder().decode(JournalEntry.self, from: Data(today.output.utf8)).date.count == 10)

        #expect(try await cli.run(["journal", "heart", id]).output.contains("♥"))
        let hearted = try await cli.run(["journal", "list", "--hearted"]).output
        #expect(hearted.contains("Market day") && !hearted.contains("Quick one"), "\(hearted)")
        #expect(try await !cli.run(["journal", "unheart", id]).output.contains("♥"))
        let shown = try await cli.run(["journal", "show", id]).output
        #expect(shown.contains("2026-03-01") && shown.contains("Second paragraph, indented."), "\(shown)")
        #expect(try await cli.run(["journal", "edit", id, "--title", "Market morning", "--time", "09:30"]).status == 0)
        #expect(try await cli.run(["journal", "show", id]).output.contains("2026-03-01 09:30"))
        #expect(try await cli.run(["search", "가방"]).output.contains("Market morning"))
        let badDate = try await cli.run(["journal", "add", "x", "--date", "2026-02-30"])
        #expect(badDate.status == 64 && badDate.error.hasPrefix("wishlist: --date needs a calendar day"), "\(badDate.error)")
        let listed = try await cli.run(["journal", "list", "--limit", "1"]).output
        #expect(listed.contains("more with --all"), "\(listed)")
        #expect(try await cli.run(["journal", "rm", id]).status == 0)
        #expect(try await cli.run(["journal", "show", id]).status == 1)
        let notAnID = try await cli.run(["journal", "show", "yesterday"])
        #expect(notAnID.status == 64 && notAnID.error.contains("journal entry id"))
    }
}
