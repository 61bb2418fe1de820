import Foundation
import WishlistCore

/// One line of `gif-favorites.jsonl`: a favorite GIF as Giphy last described it.
struct ArchivedGifFavorite: Codable, Sendable, Equatable {
    var gif: Gif
    var favoritedAt: Date
}
