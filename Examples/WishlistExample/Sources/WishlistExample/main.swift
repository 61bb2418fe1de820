import Foundation
import WishlistClient
import WishlistCore

// Signs in, adds a wish, stars it and lists the starred wishes: what an app does first. The server
// and account come from the environment (scripts/run-client-example sets them).
let environment = ProcessInfo.processInfo.environment
let client = WishlistClient(baseURL: URL(string: environment["WISHLIST_SERVER"] ?? "http://127.0.0.1:8080")!)
try await client.signIn(username: environment["WISHLIST_USERNAME"] ?? "", password: environment["WISHLIST_PASSWORD"] ?? "")

let wish = try await client.createWish(WishDraft(name: "한복 대여 in Jeonju", tags: ["travel"]))
_ = try await client.setFavorite(wish.id, true)
let favorites = try await client.wishes(WishListQuery(favorite: true))
for favorite in favorites.items {
    print("★ \(favorite.name)", favorite.tags.map { "#" + $0 }.joined(separator: " "))
}

// Run by `make test`: say so when the server's answers are not what the calls above promise.
guard favorites.items.contains(where: { $0.id == wish.id && $0.favorite }) else {
    FileHandle.standardError.write(Data("WishlistExample: the starred wish is not among the favorites\n".utf8))
    exit(1)
}
