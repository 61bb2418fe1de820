extension Store {
    /// The account-scoped GIF favorites of this store.
    public var gifFavorites: GifFavoriteRepository { GifFavoriteRepository(database: database) }
}
