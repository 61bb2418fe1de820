extension Store {
    /// The account-scoped journal entries of this store.
    public var journal: JournalRepository { JournalRepository(database: database) }
}
