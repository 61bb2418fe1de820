extension Store {
    /// Finds the account's records by the start of their ids.
    public var ids: IDLookup { IDLookup(database: database) }
}
