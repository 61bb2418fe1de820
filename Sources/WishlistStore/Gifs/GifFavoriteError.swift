import WishlistCore

/// Why a GIF cannot become a favorite.
public enum GifFavoriteError: DomainError, Equatable {
    /// The account already keeps `FavoriteGif.limit` favorites.
    case full

    public var kind: DomainErrorKind { .conflict }
    public var code: String { "favorites_full" }
    public var message: String {
        "You already keep \(FavoriteGif.limit) favorite GIFs, the most there can be. Remove one to add another."
    }
}
