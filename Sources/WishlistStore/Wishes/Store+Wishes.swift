extension Store {
    /// The account-scoped wishes of this store.
    public var wishes: WishRepository { WishRepository(database: database) }

    /// The account-scoped recent searches of this store.
    public var recentSearches: RecentSearchRepository { RecentSearchRepository(database: database) }
}
