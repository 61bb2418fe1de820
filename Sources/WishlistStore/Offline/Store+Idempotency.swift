extension Store {
    /// The keys of this store's idempotent writes.
    public var idempotency: IdempotencyRepository { IdempotencyRepository(database: database) }
}
