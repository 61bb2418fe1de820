import Foundation
import WishlistClient

/// `wishlist wish rm ID`.
struct WishRemoveCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "rm", abstract: "Delete a wish.", usage: "ID", options: [RemoteServer.serverOptionHelp])
    }

    let client: WishlistClient
    let id: UUID

    init(parsing arguments: inout Arguments) throws {
        client = try RemoteServer.client(&arguments)
        id = try WishID.parse(&arguments)
    }

    func run() async throws {
        try await client.deleteWish(id)
        print("Deleted \(id.uuidString.lowercased()).")
    }
}
