import Foundation
import WishlistClient
import WishlistCore
import WishlistURLSession

// Signs in, adds a wish, stars it, lists the starred wishes and saves the account's archive: what
// an app does first. The server and account come from the environment (scripts/run-client-example
// sets them).
let environment = ProcessInfo.processInfo.environment
let client = WishlistClient(
    baseURL: URL(string: environment["WISHLIST_SERVER"] ?? "http://127.0.0.1:8080")!, transport: URLSessionTransport())
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

// A download into a file, then the same file sent back as an upload.
let archive = FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-example-\(UUID()).zip")
defer { try? FileManager.default.removeItem(at: archive) }
try await client.exportArchive(to: archive)
guard let saved = try? Data(contentsOf: archive), saved.starts(with: Array("PK".utf8)) else {
    FileHandle.standardError.write(Data("WishlistExample: the saved archive is not a zip\n".utf8))
    exit(1)
}
let report = try await client.importArchive(from: archive)
print("archive: \(saved.count) bytes, imported again:", report)
