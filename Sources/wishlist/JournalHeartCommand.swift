import Foundation
import WishlistClient

/// `wishlist journal heart ID`; also does the work of `unheart`.
struct JournalHeartCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "heart", abstract: "Heart a journal entry.", arguments: arguments)
    }

    /// What `heart` and `unheart` both take.
    static let arguments: [any ArgumentDeclaration] = [JournalEntryID.argument, Output.jsonFlag, RemoteServer.serverOption]

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
        id = try arguments.positional(JournalEntryID.argument)
        self.hearted = hearted
    }

    func run() async throws {
        try output.print(try await remote.client().setHeart(id, hearted), describe: Output.line)
    }
}
