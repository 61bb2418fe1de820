extension Store {
    public var accounts: AccountRepository { AccountRepository(pool: pool) }
}
