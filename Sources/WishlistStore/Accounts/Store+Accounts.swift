extension Store {
    public var users: UserRepository { UserRepository(pool: pool) }
    public var sessions: SessionRepository { SessionRepository(pool: pool) }
    public var tokens: TokenRepository { TokenRepository(pool: pool) }
}
