extension Store {
    /// The owner's shares.
    public var shares: ShareRepository { ShareRepository(database: database) }

    /// Shared lists as their friends reach them, and reservations.
    public var sharedLists: SharedListRepository { SharedListRepository(database: database) }
}
