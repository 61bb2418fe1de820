import Foundation
import Testing
import WishlistCore

/// `wishlist import-bookmarks FILE` and `wishlist import-csv FILE` against a real server process.
@Suite final class ImportCommandTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-import-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../LinkPreviewTests/Fixtures").standardizedFileURL

    func signedIn(_ server: ServerProcess) async throws -> CommandRunner {
        let cli = CommandRunner(home: home)
        let login = try await cli.run(
            [
                "login", "--server", server.client.baseURL.absoluteString, "--username", ServerProcess.username,
                "--password-stdin"
            ], stdin: "\(ServerProcess.password)\n")
        #expect(login.status == 0, "\(login.error)")
        return cli
    }

    @Test func importsABookmarkFileAndPrintsTheReport() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let cli = try await signedIn(server)
        let file = Self.fixtures.appendingPathComponent("chrome-bookmarks.html").path
        let result = try await cli.run(["import-bookmarks", file])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                imported: 5 wishes
                skipped:  0 (already there)
                refused:  1
                  Scratch pad: A link must start with http:// or https://.

                """)
        let again = try await cli.run(["import-bookmarks", file, "--json"])
        #expect(
            try JSONCoding.decoder().decode(ImportReport.self, from: Data(again.output.utf8))
                == ImportReport(
                    skipped: ["wishes": 5],
                    refused: [
                        ImportReport.Refusal(
                            item: "Scratch pad", reason: "A link must start with http:// or https://.",
                            code: "link_scheme_not_allowed", name: "Scratch pad")
                    ]))
        let listed = try await cli.run(["wish", "list"])
        #expect(listed.output.contains("Snow Peak titanium mug 450") && listed.output.contains("올리브영 선크림"), "\(listed.output)")
    }

    @Test func importsACSVAndSaysWhatWentWrong() async throws {
        let server = try await ServerProcess(home: home)
        defer { server.stop() }
        let cli = try await signedIn(server)
        let csv = home.appendingPathComponent("wishes.csv")
        try Data("name,price\nMug,12.99 USD\nCup,cheap\n".utf8).write(to: csv)
        let result = try await cli.run(["import-csv", csv.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix("imported: 1 wishes\nskipped:  0 (already there)\nrefused:  1\n  Row 3: Cup: The price \"cheap\""),
            "\(result.output)")

        let wrong = try await cli.run(["import-csv", Self.fixtures.appendingPathComponent("chrome-bookmarks.html").path])
        #expect(wrong.status != 0)
        #expect(wrong.error.contains("The first row must name the columns"), "\(wrong.error)")

        let missing = try await cli.run(["import-csv", home.appendingPathComponent("nothing.csv").path])
        #expect(missing.status != 0)
        #expect(missing.error.contains("Cannot read the file"), "\(missing.error)")
    }
}
