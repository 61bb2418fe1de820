import Foundation
import WishlistServer
import WishlistStore

/// `wishlist spots import FILE --data DIR`: imports a release of the K-culture spots data set
/// straight into the data directory (no server needed). Spots keep their ids, so wishes made
/// from them keep their link.
struct SpotsImportCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "import", abstract: "Import a release of the K-culture spots data set (CSV, gzip or plain).",
            arguments: [fileArgument, Environment.dataOption])
    }

    static let fileArgument = Positional(
        "FILE", help: "media_type,title,place_name,place_type,description,address,lat,lng, as the Public Data Portal publishes it.")

    let file: String
    let dataDirectory: String

    init(parsing arguments: inout Arguments) throws {
        dataDirectory = try Environment.dataDirectory(&arguments)
        file = try arguments.positional(Self.fileArgument)
    }

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("Cannot read the file '\(file)'.")
        }
        let store = try DataDirectory(dataDirectory).openStore()
        defer { try? store.close() }
        let started = ContinuousClock.now
        let report = try store.spots.importFile(data)
        print("\(report) (\(ContinuousClock.now - started))")
    }
}
