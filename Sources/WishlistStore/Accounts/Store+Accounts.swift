extension Store {
    public var users: UserRepository { UserRepository(database: database) }
    public var sessions: SessionRepository { SessionRepository(database: database) }
    public var tokens: TokenRepository { TokenRepository(database: database) }
}
