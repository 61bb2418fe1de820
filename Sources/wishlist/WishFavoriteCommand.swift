import Foundation
import WishlistClient

/// `wishlist wish fav ID`.
struct WishFavoriteCommand: Command {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "fav", abstract: "Star a wish.",
            arguments: [WishID.argument, Output.jsonFlag, RemoteServer.serverOption])
    }

    let setting: FavoriteSetting

    init(parsing arguments: inout Arguments) throws {
        setting = try FavoriteSetting(&arguments, favorite: true)
    }

    func run() async throws { try await setting.run() }
}
