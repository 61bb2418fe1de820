import Foundation
import WishlistServer

/// `wishlist restore FILE --data DIR`: a backup unpacked into a new or empty data directory and
/// checked; `wishlist serve --data DIR` then serves it.
struct RestoreCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "restore",
            abstract: "Unpack a backup into a new or empty data directory and check it.",
            arguments: [fileArgument, Environment.dataOption])
    }

    static let fileArgument = Positional("FILE", help: "A file written by wishlist backup.")

    let file: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        file = try arguments.positional(Self.fileArgument)
    }

    func run() async throws {
        let summary = try DataDirectory(dataDirectory).restore(from: file)
        print(
            "Restored \(file) into \(dataDirectory): the database and \(summary.mediaFiles) photo files, checked. Start it with: wishlist serve --data \(dataDirectory)"
        )
    }
}
