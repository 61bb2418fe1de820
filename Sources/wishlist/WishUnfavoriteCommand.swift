import Foundation
import WishlistClient

/// `wishlist wish unfav ID`.
struct WishUnfavoriteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "unfav", abstract: "Unstar a wish.", usage: "ID [--json]",
            options: [Output.jsonOptionHelp, RemoteServer.serverOptionHelp])
    }

    let setting: FavoriteSetting

    init(parsing arguments: inout Arguments) throws {
        setting = try FavoriteSetting(&arguments, favorite: false)
    }

    func run() async throws { try await setting.run() }
}
