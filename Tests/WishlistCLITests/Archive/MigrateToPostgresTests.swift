import Foundation
import TestSupport
import Testing
import WishlistCore

/// `wishlist migrate-to-postgres` as a person runs it: refused beside a running server, then the
/// stopped server's data moved, read back through the other commands with `$WISHLIST_DATABASE`,
/// and a second move into the same database refused.
@Suite struct MigrateToPostgresTests {
    @Test func aStoppedServersDataMovesOnceAndNotBesideARunningServer() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-move-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let data = home.appendingPathComponent("data").path
        let server = try await ServerProcess(home: home)
        _ = try await server.client.createWish(WishDraft(name: "여행 가방", tags: ["travel"]))
        let cli = CommandRunner(home: home)
        // The test cluster trusts its socket and ignores the password, which must never be printed.
        let postgres = ["WISHLIST_DATABASE": try TestDatabase.make(parameters: [("password", "s3cret")])]

        let beside = try await cli.run(["migrate-to-postgres", "--data", data], environment: postgres)
        #expect(beside.status != 0)
        #expect(beside.error.contains("A server is running on \(data)"), "\(beside.error)")
        server.stop()

        let moved = try await cli.run(["migrate-to-postgres", "--data", data], environment: postgres)
        #expect(moved.status == 0, "\(moved.error)")
        #expect(moved.output.contains("wishes: 1 rows"), "\(moved.output)")
        #expect(moved.output.contains("users: 1 rows"), "\(moved.output)")
        #expect(!moved.output.contains("s3cret"), "the password is printed: \(moved.output)")

        let listed = try await cli.run(["user", "list", "--data", data], environment: postgres)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.hasPrefix(ServerProcess.username), "\(listed.output)")

        let again = try await cli.run(["migrate-to-postgres", "--data", data], environment: postgres)
        #expect(again.status != 0)
        #expect(again.error.contains("is not empty (users has 1 rows)"), "\(again.error)")
    }

    @Test func withoutADatabaseItSaysWhatItNeeds() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-move-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await CommandRunner(home: home).run(["migrate-to-postgres", "--data", home.path])
        #expect(result.status != 0)
        #expect(result.error.contains("needs the PostgreSQL database to move into"), "\(result.error)")
    }
}
