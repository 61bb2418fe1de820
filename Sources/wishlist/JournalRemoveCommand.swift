import Foundation
import WishlistClient

/// `wishlist journal rm ID`.
struct JournalRemoveCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rm", abstract: "Delete a journal entry.", usage: "ID", options: [RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        id = try JournalEntryID.parse(&arguments)
    }

    func run() async throws {
        try await remote.client().deleteJournalEntry(id)
        print("Deleted \(id.uuidString.lowercased()).")
    }
}
