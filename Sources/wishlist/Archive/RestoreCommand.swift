import Foundation
import WishlistServer

/// `wishlist restore FILE --data DIR`: a backup unpacked into a new or empty data directory and
/// checked; `wishlist serve --data DIR` then serves it.
struct RestoreCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "restore",
            abstract: "Unpack a backup into a new or empty data directory and check it.",
            arguments: [fileArgument] + Environment.dataOptions + [Environment.mediaOption])
    }

    static let fileArgument = Positional("FILE", help: "A file written by wishlist backup.")

    let file: String
    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = try Environment.data(&arguments, withMedia: true)
        file = try arguments.positional(Self.fileArgument)
    }

    func run() async throws {
        let summary = try data.restore(from: file)
        print(
            "Restored \(file) into \(data.path): \(data.isPostgreSQL ? "the database (\(data.databaseDescription))" : "the database") and \(summary.mediaFiles) photo files, checked. Start it with: wishlist serve --data \(data.path)\(data.isPostgreSQL ? " and the same --database" : "")"
        )
    }
}
