import Foundation
import WishlistClient

/// What `fav` and `unfav` share: read the id, set the star, print the wish.
struct FavoriteSetting {
    let remote: RemoteServer
    let output: Output
    let id: UUID
    let favorite: Bool

    init(_ arguments: inout Arguments, favorite: Bool) throws {
        remote = try RemoteServer(&arguments)
        output = Output(&arguments)
        id = try arguments.positional(WishID.argument)
        self.favorite = favorite
    }

    func run() async throws {
        try output.print(try await remote.client().setFavorite(id, favorite), describe: Output.line)
    }
}
