extension Store {
    /// The shares that arrived while signed out, waiting for a sign-in on any server of this database.
    public var pendingShares: PendingShareRepository { PendingShareRepository(database: database) }
}
