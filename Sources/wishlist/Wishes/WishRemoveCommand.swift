import Foundation
import WishlistClient

/// `wishlist wish rm ID`.
struct WishRemoveCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rm", abstract: "Delete a wish.", arguments: [WishID.argument, RemoteServer.serverOption])
    }

    let remote: RemoteServer
    let id: ShortID

    init(parsing arguments: inout Arguments) throws {
        remote = try RemoteServer(&arguments)
        id = try arguments.positional(WishID.argument)
    }

    func run() async throws {
        let client = try remote.client()
        let id = try await id.resolve(client)
        try await client.deleteWish(id)
        print("Deleted \(id.uuidString.lowercased()).")
    }
}
