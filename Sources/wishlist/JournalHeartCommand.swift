import Foundation
import WishlistClient

/// `wishlist journal heart ID`; also does the work of `unheart`.
struct JournalHeartCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "heart", abstract: "Heart a journal entry.", usage: "ID [--json]",
            options: [Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID
    let hearted: Bool

    init(parsing arguments: inout Arguments) throws {
        try self.init(parsing: &arguments, hearted: true)
    }

    init(parsing arguments: inout Arguments, hearted: Bool) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try JournalEntryID.parse(&arguments)
        self.hearted = hearted
    }

    func run() async throws {
        try output.print(try await remote.client().setHeart(id, hearted), describe: Output.line)
    }
}
