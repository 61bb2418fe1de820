import Foundation
import Testing
import WishlistClient
import WishlistCore

@testable import wishlist

/// `wishlist export` and `wishlist import` against real `wishlist serve` processes: an account
/// saved from one server and restored on another, a second import, and a refused archive.
@Suite final class ArchiveCommandsTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-archive-\(UUID())")

    deinit {
        try? FileManager.default.removeItem(at: home)
    }

    func runner(_ server: ServerProcess) async throws -> (([String]) async throws -> CommandRunner.Result) {
        let token = try await server.client.createToken(name: "test").token
        let environment = ["WISHLIST_SERVER": server.client.baseURL.absoluteString, "WISHLIST_TOKEN": token]
        let cli = CommandRunner(home: home)
        return { try await cli.run($0, environment: environment) }
    }

    @Test func exportFromOneServerImportOnAnother() async throws {
        let first = try await ServerProcess(home: home)
        defer { first.stop() }
        let run = try await runner(first)
        let added = try await run(["wish", "add", "Bibimbap", "--photo", ClientCommandsTests.canon, "--tag", "food"])
        #expect(added.status == 0, "\(added.error)")
        let wishes = try await first.client.wishes().items

        let archive = home.appendingPathComponent("account.zip").path
        let exported = try await run(["export", "--to", archive])
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.output.hasPrefix("Saved \(archive) ("), "\(exported.output)")
        #expect(FileManager.default.contents(atPath: archive)?.prefix(2) == Data("PK".utf8))

        let second = try await ServerProcess(home: home.appendingPathComponent("second"))
        defer { second.stop() }
        let runOnSecond = try await runner(second)
        let imported = try await runOnSecond(["import", archive])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Wishes: 1 imported, 0 already there"), "\(imported.output)")
        #expect(imported.output.contains("Photos: 1 imported, 0 already there"), "\(imported.output)")
        #expect(try await second.client.wishes().items == wishes)

        let again = try await runOnSecond(["import", archive])
        #expect(again.status == 0)
        #expect(again.output.contains("Wishes: 0 imported, 1 already there"), "\(again.output)")

        let notAnArchive = home.appendingPathComponent("notes.zip").path
        _ = FileManager.default.createFile(atPath: notAnArchive, contents: Data("just text".utf8))
        let refused = try await runOnSecond(["import", notAnArchive])
        #expect(refused.status != 0)
        #expect(refused.error.contains("not a readable export archive"), "\(refused.error)")
        #expect(try await runOnSecond(["import"]).status == 64)
    }
}
