import Foundation
import WishlistClient

/// `wishlist wish show ID`.
struct WishShowCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "show", abstract: "Show everything on one wish.",
            arguments: [WishID.argument, Output.jsonFlag, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let output: Output
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(WishID.argument)
    }

    func run() async throws {
        try output.print(try await remote.client().wish(id), describe: Output.details)
    }
}
