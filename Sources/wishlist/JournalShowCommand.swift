import Foundation
import WishlistClient

/// `wishlist journal show ID`.
struct JournalShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show a whole journal entry.", 
            arguments: [JournalEntryID.argument, Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(JournalEntryID.argument)
    }

    func run() async throws {
        try output.print(try await remote.client().journalEntry(id), describe: Output.details)
    }
}
