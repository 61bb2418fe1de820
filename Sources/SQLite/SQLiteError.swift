import CSQLite

/// An error from SQLite or from this wrapper, with the primary and extended result code,
/// SQLite's message and, when a statement was involved, its SQL text.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code, e.g. `.constraint`.
    public let code: ResultCode
    /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`); equal to the primary code when there is none.
    public let extendedCode: Int32
    /// What went wrong, usually `sqlite3_errmsg`.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    public init(code: ResultCode, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code.rawValue
        self.message = message
        self.sql = sql
    }

    /// Reads the message of the connection's last failure; `resultCode` is what the failing call returned.
    init(connection: OpaquePointer?, resultCode: Int32, sql: String?) {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(resultCode))
        self.init(code: ResultCode(rawValue: resultCode), extendedCode: resultCode, message: message, sql: sql)
    }

    // Extended codes are function-like macros in sqlite3.h, which Swift does not import.
    static let constraintCheck: Int32 = SQLITE_CONSTRAINT | (1 << 8)
    static let constraintForeignKey: Int32 = SQLITE_CONSTRAINT | (3 << 8)
    static let constraintNotNull: Int32 = SQLITE_CONSTRAINT | (5 << 8)
    static let constraintPrimaryKey: Int32 = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

    /// A UNIQUE or PRIMARY KEY constraint failed: the row would duplicate an existing one.
    public var isUniqueConstraintViolation: Bool {
        extendedCode == Self.constraintUnique || extendedCode == Self.constraintPrimaryKey
    }

    /// A FOREIGN KEY constraint failed.
    public var isForeignKeyViolation: Bool { extendedCode == Self.constraintForeignKey }

    /// A NOT NULL constraint failed.
    public var isNotNullConstraintViolation: Bool { extendedCode == Self.constraintNotNull }

    /// A CHECK constraint failed.
    public var isCheckConstraintViolation: Bool { extendedCode == Self.constraintCheck }

    public var description: String {
        var text = "SQLite error \(code.rawValue)"
        if extendedCode != code.rawValue { text += "/\(extendedCode)" }
        text += " (\(code)): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }

    /// A value could not be read as the requested Swift type.
    static func mismatch(expected type: String, found value: SQLiteValue) -> SQLiteError {
        SQLiteError(code: .mismatch, message: "expected \(type), found \(value.storageClassName)")
    }
}
