import Foundation
import WishlistClient

/// `wishlist journal rm ID`.
struct JournalRemoveCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rm", abstract: "Delete a journal entry.",
            arguments: [JournalEntryID.argument, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let id: ShortID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        id = try arguments.positional(JournalEntryID.argument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        try await client.deleteJournalEntry(id)
        print("Deleted \(id.uuidString.lowercased()).")
    }
}
