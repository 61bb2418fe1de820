extension Store {
    /// The counts of rate limits and failed sign-ins that servers sharing this database share.
    public var rateWindows: RateWindowRepository { RateWindowRepository(database: database) }
}
