/// An error from the server, from libpq or from this wrapper: its SQLSTATE, the message, and
/// when the server gave them, its detail and hint; with the statement that failed, if any.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    /// The server's SQLSTATE, or for a failure found on this side the standard one that describes it.
    public let code: SQLState
    /// What went wrong, in one line (the server's primary message, or libpq's text).
    public let message: String
    /// The server's detail, e.g. which key a unique violation repeated.
    public let detail: String?
    /// The server's hint, e.g. the column name it guessed was meant.
    public let hint: String?
    /// The statement that failed, if any.
    public let sql: String?

    public init(code: SQLState, message: String, detail: String? = nil, hint: String? = nil, sql: String? = nil) {
        self.code = code
        self.message = message
        self.detail = detail
        self.hint = hint
        self.sql = sql
    }

    /// The row would have repeated a key of a UNIQUE constraint or primary key.
    public var isUniqueViolation: Bool { code == .uniqueViolation }

    /// A SERIALIZABLE transaction could not be ordered with the others; running it again may work.
    public var isSerializationFailure: Bool { code == .serializationFailure }

    /// Two transactions waited for each other; the server ended this one.
    public var isDeadlock: Bool { code == .deadlockDetected }

    /// Whether running the whole transaction again may succeed: a serialization failure or a deadlock.
    public var isTransactionRetryable: Bool { isSerializationFailure || isDeadlock }

    /// The connection is gone: it could not be made, it broke, or the server ended the session
    /// (terminated, shutting down, still starting). The connection that saw it cannot be used again;
    /// a pool replaces it. Whether a statement in flight was carried out is unknown.
    public var isConnectionLost: Bool {
        // 08P01 is in the class too, but the server sends it for a statement given the wrong number
        // of arguments, and the session goes on.
        (code.errorClass == "08" && code != .protocolViolation) || code == .adminShutdown || code == .crashShutdown
            || code == .cannotConnectNow
    }

    public var description: String {
        var text = "PostgreSQL error \(code): \(message)"
        if let detail { text += " (\(detail))" }
        if let hint { text += " Hint: \(hint)" }
        if let sql { text += " — in: \(sql)" }
        return text
    }

    /// A value could not be read as the requested Swift type.
    static func mismatch(expected type: String, found value: PostgresValue) -> PostgresError {
        PostgresError(code: .datatypeMismatch, message: "expected \(type), found \(value.isNull ? "NULL" : value.type.description)")
    }
}
