import Foundation
import WishlistClient
import WishlistCore

/// `wishlist import FILE`: restores an archive made by `wishlist export` into the account.
struct ImportCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "import",
            abstract: "Restore an archive made by 'wishlist export' into the account; records it has already are skipped.",
            arguments: [fileArgument, RemoteServer.serverOption])
    }

    static let fileArgument = Positional("FILE", help: "The zip archive to import.")

    let remote: RemoteServer
    let file: String

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        file = try arguments.positional(Self.fileArgument)
    }

    func run() async throws {
        guard FileManager.default.isReadableFile(atPath: file) else { throw CommandFailure("Cannot read \(file).") }
        let report = try await remote.client().importArchive(from: URL(fileURLWithPath: file))
        for kind in ["wishes", "journalEntries", "photos", "gifFavorites", "recentSearches"] {
            let imported = report.imported[kind] ?? 0
            let skipped = report.skipped[kind] ?? 0
            print("\(Self.names[kind] ?? kind): \(imported) imported, \(skipped) already there")
        }
        for refusal in report.refused {
            print("Refused \(refusal.item): \(refusal.reason)")
        }
    }

    private static let names = [
        "wishes": "Wishes", "journalEntries": "Journal entries", "photos": "Photos", "gifFavorites": "GIF favorites",
        "recentSearches": "Recent searches"
    ]
}
