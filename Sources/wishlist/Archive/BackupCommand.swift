import Foundation
import WishlistServer

/// `wishlist backup --to FILE --data DIR [--database URL]`: the whole data directory (and its
/// PostgreSQL database, when it has one) in one zip, taken while the server runs (no need to stop it).
struct BackupCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "backup",
            abstract: "Copy the data directory (database and photos) into one file, while the server runs.",
            arguments: [toOption] + Environment.dataOptions + [Environment.mediaOption])
    }

    static let toOption = Option("--to", "FILE", help: "The backup file to write (a zip); replaced if it exists.")

    let file: String
    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = try Environment.data(&arguments, withMedia: true)
        guard let file = try arguments.option(Self.toOption) else { throw UsageError("backup needs --to FILE.") }
        self.file = file
    }

    func run() async throws {
        let started = ContinuousClock.now
        let summary = try data.backup(to: file)
        print(
            "Backed up \(data.path) to \(file): \(data.isPostgreSQL ? "the database (\(data.databaseDescription))" : "the database") and \(summary.mediaFiles) photo files, \(summary.bytes.formatted(.byteCount(style: .file))) (\(ContinuousClock.now - started))."
        )
    }
}
