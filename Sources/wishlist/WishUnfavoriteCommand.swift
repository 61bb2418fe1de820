import Foundation
import WishlistClient

/// `wishlist wish unfav ID`.
struct WishUnfavoriteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "unfav", abstract: "Unstar a wish.",
            arguments: [WishID.argument, Output.jsonFlag, RemoteServer.serverOption])
    }

    let setting: FavoriteSetting

    init(parsing arguments: inout Arguments) throws {
        setting = try FavoriteSetting(&arguments, favorite: false)
    }

    func run() async throws { try await setting.run() }
}
