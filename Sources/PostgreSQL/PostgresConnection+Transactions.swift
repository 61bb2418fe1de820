import CPostgres

extension PostgresConnection {
    /// Runs `body` in a transaction: `BEGIN` at `isolation` … `COMMIT`, `ROLLBACK` when it throws.
    /// Inside another transaction it becomes a savepoint, so only its own work is undone (and
    /// `isolation` is the outer transaction's).
    ///
    /// A statement that fails inside aborts the whole transaction on the server, even when `body`
    /// catches its error: then nothing is committed, and this throws `.inFailedTransaction` rather
    /// than let `COMMIT` roll back in silence.
    public func transaction<T>(_ isolation: PostgresIsolation = .readCommitted, _ body: (PostgresConnection) throws -> T) throws -> T {
        try transaction(isolation, readOnly: false, body)
    }

    /// Runs `body` in a read-only transaction (`BEGIN … READ ONLY`: the server refuses a write in
    /// it), whose `COMMIT` is sent without waiting for the answer: that is read at the connection's
    /// next use. A read's rows do not depend on it, and its round trip was one of four for a page
    /// of the wish list. The server ends the transaction as the `COMMIT` arrives, so no session
    /// idles in one. Inside another transaction it is a savepoint, as in ``transaction(_:_:)``.
    public func readTransaction<T>(_ isolation: PostgresIsolation = .repeatableRead, _ body: (PostgresConnection) throws -> T) throws -> T {
        try transaction(isolation, readOnly: true, body)
    }

    private func transaction<T>(_ isolation: PostgresIsolation, readOnly: Bool, _ body: (PostgresConnection) throws -> T) throws -> T {
        // Ask libpq rather than trust the depth: the caller may have run BEGIN itself.
        try checkReadGoesOn("BEGIN")
        let isNested = isInTransaction
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let savepoint = "transaction_\(transactionDepth)"
        if isNested {
            try execute("SAVEPOINT \(savepoint)")
        } else {
            // Sent with the first statement: one round trip less for every transaction.
            pendingBegin = "BEGIN ISOLATION LEVEL \(isolation.rawValue)\(readOnly ? " READ ONLY" : "")"
            if readOnly { read = .open }
        }
        defer { if !isNested { read = .none } }
        let result: T
        do {
            result = try body(self)
        } catch {
            undo(isNested: isNested, savepoint: savepoint)
            throw error
        }
        if transactionStatus == CPOSTGRES_TRANSACTION_IN_ERROR {
            undo(isNested: isNested, savepoint: savepoint)
            throw PostgresError(
                code: .inFailedTransaction,
                message: "a statement failed inside the transaction and its error was caught; the transaction was rolled back")
        }
        if !isNested, pendingBegin != nil {
            // Nothing was sent: there is no transaction to end.
            pendingBegin = nil
            return result
        }
        if readOnly && !isNested {
            // Unless its COMMIT went with its last statements (`lastQueriesOfRead`).
            if read == .open { try sendCommit() }
            return result
        }
        // A COMMIT that fails (a serialization failure found at the end, a deferred constraint)
        // has ended the transaction on the server all the same.
        try execute(isNested ? "RELEASE \(savepoint)" : "COMMIT")
        return result
    }

    /// Sends `COMMIT` and leaves its answer to the connection's next use (`unreadCommit`).
    private func sendCommit() throws {
        let connection = try open()
        guard cpostgres_send(connection, "COMMIT") else { throw PostgresResult.connectionError(connection, sql: "COMMIT") }
        unreadCommit = true
        // The transaction's end undoes its `SET LOCAL`.
        plansForValues = false
    }

    /// Rolls back what a failed transaction (or savepoint) did, when the connection still has it.
    private func undo(isNested: Bool, savepoint: String) {
        if !isNested, pendingBegin != nil {
            // Nothing was sent: there is nothing to roll back.
            pendingBegin = nil
            return
        }
        guard isInTransaction else { return }
        if isNested {
            // Whatever the savepoint's statements set is undone with them: what is in force is not known.
            plansForValues = nil
            try? execute("ROLLBACK TO SAVEPOINT \(savepoint); RELEASE \(savepoint)")
        } else {
            try? execute("ROLLBACK")
        }
    }

    /// Runs `body` in a SERIALIZABLE transaction, running it again when the server ends it with a
    /// serialization failure or a deadlock, at most `maxAttempts` times in all; the last failure
    /// is thrown. `body` must do nothing outside the database that a second run would repeat.
    ///
    /// Runs again at once: the server raises these errors when a rival transaction has committed
    /// or was chosen to go on, so the conflict is over by the time the next attempt begins.
    public func serializable<T>(maxAttempts: Int = 5, _ body: (PostgresConnection) throws -> T) throws -> T {
        guard !isInTransaction else {
            throw PostgresError(
                code: .activeTransaction, message: "a SERIALIZABLE transaction cannot be nested in another transaction")
        }
        var attempt = 1
        while true {
            do {
                return try transaction(.serializable, body)
            } catch let error as PostgresError where error.isTransactionRetryable && attempt < maxAttempts {
                attempt += 1
            }
        }
    }
}
