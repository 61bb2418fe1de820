import Foundation
import WishlistClient

/// `wishlist journal show ID`.
struct JournalShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show a whole journal entry.", usage: "ID [--json]",
            options: [Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try JournalEntryID.parse(&arguments)
    }

    func run() async throws {
        try output.print(try await remote.client().journalEntry(id), describe: Output.details)
    }
}
