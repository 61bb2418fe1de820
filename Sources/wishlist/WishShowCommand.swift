import Foundation
import WishlistClient

/// `wishlist wish show ID`.
struct WishShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show everything on one wish.", usage: "ID [--json]",
            options: [Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try WishID.parse(&arguments)
    }

    func run() async throws {
        try output.print(try await remote.client().wish(id), describe: Output.details)
    }
}
