import Foundation
import WishlistCore

extension WishlistClient {
    /// A page of GIFs matching `query` on Giphy (`lang`: `en` or `ko`, else the server's choice).
    public func searchGifs(_ query: String, offset: Int = 0, language: String? = nil) async throws -> GifPage {
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "offset", value: String(offset))]
        if let language { items.append(URLQueryItem(name: "lang", value: language)) }
        return try await request("GET", Self.pathWithQuery("/api/v1/gifs/search", items))
    }

    /// A page of what is trending on Giphy.
    public func trendingGifs(offset: Int = 0) async throws -> GifPage {
        try await request("GET", Self.pathWithQuery("/api/v1/gifs/trending", [URLQueryItem(name: "offset", value: String(offset))]))
    }

    /// The account's favorite GIFs, newest first.
    public func favoriteGifs() async throws -> [FavoriteGif] {
        try await request("GET", "/api/v1/gifs/favorites", as: ItemList<FavoriteGif>.self).items
    }

    /// Keeps the GIF among the favorites; the server takes its details from Giphy, not from `gif`'s.
    public func favoriteGif(_ gif: Gif) async throws -> FavoriteGif {
        try await request("PUT", Self.gifPath(gif.id, "/api/v1/gifs/favorites/"), json: gif)
    }

    /// Lets the GIF go from the favorites; nothing happens when it was not one.
    public func unfavoriteGif(_ id: String) async throws {
        try await requestWithoutAnswer("DELETE", Self.gifPath(id, "/api/v1/gifs/favorites/"))
    }

    /// A new wish made from the GIF: its name, its Giphy link and the animation as its photo.
    public func saveGifAsWish(_ id: String) async throws -> Wish {
        try await request("POST", Self.gifPath(id, "/api/v1/gifs/") + "/wish")
    }

    /// `prefix` and the id, escaped so that an odd id stays one path segment.
    private static func gifPath(_ id: String, _ prefix: String) -> String {
        prefix + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
