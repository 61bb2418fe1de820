extension PostgresConnection {
    /// Waits for the transaction-scoped advisory lock `key` (`pg_advisory_xact_lock`) and holds it
    /// until the transaction ends: every other transaction asking for the same key, from any
    /// process on the same database, waits until then. What the key stands for is the caller's
    /// convention, e.g. one key per account to serialize its writes.
    ///
    /// Throws `.noActiveTransaction` outside a transaction, where the lock would be let go at once.
    public func advisoryTransactionLock(_ key: Int64) throws {
        try requireTransaction()
        try run("SELECT pg_advisory_xact_lock($1::int8)", [key])
    }

    /// Takes the advisory lock `key` for the rest of the transaction if no one holds it; answers
    /// whether it did, without waiting.
    public func tryAdvisoryTransactionLock(_ key: Int64) throws -> Bool {
        try requireTransaction()
        return try scalar("SELECT pg_try_advisory_xact_lock($1::int8)", [key]) ?? false
    }

    /// Takes the session-level advisory lock `key` if no other session holds it (`pg_try_advisory_lock`),
    /// without waiting; answers whether it did. Unlike the transaction-scoped locks it outlives
    /// transactions and is held until the session ends, however it ends (closed, the server
    /// restarted, the backend terminated): a claim that dies with its holder, e.g. which process of
    /// several leads. Taking it again while held counts once more; this module's callers never do.
    public func tryAdvisoryLock(_ key: Int64) throws -> Bool {
        try scalar("SELECT pg_try_advisory_lock($1::int8)", [key]) ?? false
    }

    /// The advisory lock key for a name, e.g. `"migrations"` or `"account:" + id`: 64-bit FNV-1a of
    /// its UTF-8 bytes, the same in every process and release (Swift's own hashing is seeded per
    /// process, so it cannot be used).
    public static func advisoryLockKey(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }

    private func requireTransaction() throws {
        guard isInTransaction else {
            throw PostgresError(
                code: .noActiveTransaction,
                message: "a transaction-scoped advisory lock needs a transaction: outside one it would be released at once")
        }
    }
}
