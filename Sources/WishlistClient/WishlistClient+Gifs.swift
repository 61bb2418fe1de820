import Foundation
import WishlistCore

extension WishlistClient {
    /// A page of GIFs matching `query` on Giphy (`lang`: `en` or `ko`, else the server's choice).
    public func searchGifs(_ query: String, offset: Int = 0, language: String? = nil) async throws -> GifPage {
        var items = [URLQueryItem(name: "q", value: query), URLQueryItem(name: "offset", value: String(offset))]
        if let language { items.append(URLQueryItem(name: "lang", value: language)) }
        return try await request(APIRoute.Gifs.search, query: items)
    }

    /// A page of what is trending on Giphy.
    public func trendingGifs(offset: Int = 0) async throws -> GifPage {
        try await request(APIRoute.Gifs.trending, query: [URLQueryItem(name: "offset", value: String(offset))])
    }

    /// The account's favorite GIFs, newest first.
    public func favoriteGifs() async throws -> [FavoriteGif] {
        try await request(APIRoute.Gifs.favorites, as: ItemList<FavoriteGif>.self).items
    }

    /// Keeps the GIF among the favorites; the server takes its details from Giphy, not from `gif`'s.
    public func favoriteGif(_ gif: Gif) async throws -> FavoriteGif {
        try await request(APIRoute.Gifs.favorite, ["gifId": gif.id], json: gif)
    }

    /// Lets the GIF go from the favorites; nothing happens when it was not one.
    public func unfavoriteGif(_ id: String) async throws {
        try await requestWithoutAnswer(APIRoute.Gifs.unfavorite, ["gifId": id])
    }

    /// A new wish made from the GIF: its name, its Giphy link and the animation as its photo.
    public func saveGifAsWish(_ id: String) async throws -> Wish {
        try await request(APIRoute.Gifs.wish, ["gifId": id])
    }
}
