import Foundation
import TestSupport
import Testing

/// `wishlist backup` and `restore` of a server on PostgreSQL: a dump of one snapshot with the
/// photos, restored into an empty database only, and never across engines.
@Suite struct PostgreSQLBackupTests {
    @Test func aBackupRestoresIntoAnEmptyDatabaseOnly() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-pg-backup-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let cli = CommandRunner(home: home)
        let data = home.appendingPathComponent("data").path
        let source = ["WISHLIST_DATABASE": try TestDatabase.make(parameters: [("password", "s3cret")])]
        let added = try await cli.run(
            ["user", "add", "bob", "--password-stdin", "--data", data], stdin: "long enough pass\n", environment: source)
        #expect(added.status == 0, "\(added.error)")

        let archive = home.appendingPathComponent("backup.zip").path
        let backup = try await cli.run(["backup", "--data", data, "--to", archive], environment: source)
        #expect(backup.status == 0, "\(backup.error)")
        #expect(backup.output.contains("password=***"), "\(backup.output)")
        #expect(!backup.output.contains("s3cret"), "\(backup.output)")

        let restored = home.appendingPathComponent("restored").path
        let target = ["WISHLIST_DATABASE": try TestDatabase.make()]
        let restore = try await cli.run(["restore", archive, "--data", restored], environment: target)
        #expect(restore.status == 0, "\(restore.error)")
        #expect(restore.output.contains("and the same --database"), "\(restore.output)")
        let users = try await cli.run(["user", "list", "--data", restored], environment: target)
        #expect(users.output.hasPrefix("bob"), "\(users.output) \(users.error)")

        // Into a database that holds data: refused, and the directory left as it was.
        let again = try await cli.run(["restore", archive, "--data", restored + "-2"], environment: target)
        #expect(again.status == 1)
        #expect(again.error.contains("is not empty; restore into a new, empty database."), "\(again.error)")
        #expect(!FileManager.default.fileExists(atPath: restored + "-2"))
        let stillThere = try await cli.run(["user", "list", "--data", restored], environment: target)
        #expect(stillThere.output.hasPrefix("bob"))

        // Not into SQLite.
        let onSQLite = try await cli.run(["restore", archive, "--data", restored + "-3"])
        #expect(onSQLite.status == 1)
        #expect(onSQLite.error.contains("This backup is of a server on PostgreSQL"), "\(onSQLite.error)")
    }
}
