extension Store {
    /// The K-culture spots, shared by every account, and the wishes made from them.
    public var spots: SpotRepository { SpotRepository(database: database) }
}
