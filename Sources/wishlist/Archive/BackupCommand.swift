import Foundation
import WishlistServer

/// `wishlist backup --to FILE --data DIR`: the whole data directory in one zip, taken while the
/// server runs (no need to stop it).
struct BackupCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "backup",
            abstract: "Copy the data directory (database and photos) into one file, while the server runs.",
            arguments: [toOption, Environment.dataOption])
    }

    static let toOption = Option("--to", "FILE", help: "The backup file to write (a zip); replaced if it exists.")

    let file: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        guard let file = try arguments.option(Self.toOption) else { throw UsageError("backup needs --to FILE.") }
        self.file = file
    }

    func run() async throws {
        let started = ContinuousClock.now
        let summary = try DataDirectory(dataDirectory).backup(to: file)
        print(
            "Backed up \(dataDirectory) to \(file): the database and \(summary.mediaFiles) photo files, \(summary.bytes.formatted(.byteCount(style: .file))) (\(ContinuousClock.now - started))."
        )
    }
}
