import Foundation
import WishlistClient
import WishlistCore

/// `wishlist export [--to FILE]`: everything the account keeps, in one archive (docs/EXPORT.md).
struct ExportCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "export", abstract: "Save everything in the account (wishes, photos, journal…) as one zip archive.",
            arguments: [destinationOption, RemoteServer.serverOption])
    }

    static let destinationOption = Option(
        "--to", "FILE", help: "Where to save the archive (default: wishlist-YYYY-MM-DD.zip here).")

    let remote: RemoteServer
    let destination: String?

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        destination = try arguments.option(Self.destinationOption)
    }

    func run() async throws {
        let path = destination ?? "wishlist-\(Date().iso8601String.prefix(10)).zip"
        try await remote.client().exportArchive(to: URL(fileURLWithPath: path))
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        print("Saved \(path) (\(size) bytes).")
    }
}
