import Foundation
import WishlistServer
import WishlistStore

/// `wishlist spots import [FILE] --data DIR`: imports a release of the K-culture spots data set
/// straight into the data directory (no server needed); without FILE, the release bundled with
/// the app, when it is not the one imported already (what `wishlist serve` runs as a child
/// process at the first start). Spots keep their ids, so wishes made from them keep their link.
struct SpotsImportCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "import",
            abstract: "Import a release of the K-culture spots data set (CSV, gzip or plain); without FILE, the bundled one.",
            arguments: [fileArgument] + Environment.dataOptions)
    }

    static let fileArgument = Positional(
        "FILE",
        help: "media_type,title,place_name,place_type,description,address,lat,lng, as the Public Data Portal"
            + " publishes it; without it, the release bundled with the app.")

    /// Nil: the bundled release.
    let file: String?
    let data: DataDirectory

    init(parsing arguments: inout Arguments) throws {
        data = try Environment.data(&arguments)
        file = try arguments.optionalPositional(Self.fileArgument)
    }

    func run() async throws {
        let release = try file.map { file in
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure("Cannot read the file '\(file)'.")
            }
            return data
        }
        let store = try data.openStore()
        defer { try? store.close() }
        let started = ContinuousClock.now
        guard let report = try release.map({ try store.spots.importFile($0) }) ?? store.spots.importBundledIfNeeded() else {
            print("The bundled K-culture spots are imported already.")
            return
        }
        print("\(report) (\(ContinuousClock.now - started))")
    }
}
