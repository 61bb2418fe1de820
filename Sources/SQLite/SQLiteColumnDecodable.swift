import Foundation

/// Anything a column can be read as. Throws `SQLiteError` (code `.mismatch`) on a wrong type or NULL.
///
/// Conversions are strict so that a schema mistake shows up as an error rather than as a
/// silently changed value; the one widening allowed is INTEGER → `Double`.
public protocol SQLiteColumnDecodable {
    init(sqliteValue: SQLiteValue) throws
}

extension SQLiteValue: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) { self = sqliteValue }
}

extension Int64: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        guard case .integer(let value) = sqliteValue else { throw SQLiteError.mismatch(expected: "Int64", found: sqliteValue) }
        self = value
    }
}

extension Int: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        // On a 32-bit platform a large INTEGER does not fit: that is a mismatch, not a trap.
        guard case .integer(let value) = sqliteValue, let int = Int(exactly: value) else {
            throw SQLiteError.mismatch(expected: "Int", found: sqliteValue)
        }
        self = int
    }
}

extension Double: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        switch sqliteValue {
        case .real(let value): self = value
        // Expressions such as `SELECT 2 * price` yield INTEGER even from REAL columns holding whole numbers.
        case .integer(let value): self = Double(value)
        default: throw SQLiteError.mismatch(expected: "Double", found: sqliteValue)
        }
    }
}

/// Reads 0 as `false` and any other INTEGER as `true`, as SQLite does.
extension Bool: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        guard case .integer(let value) = sqliteValue else { throw SQLiteError.mismatch(expected: "Bool", found: sqliteValue) }
        self = value != 0
    }
}

extension String: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        guard case .text(let value) = sqliteValue else { throw SQLiteError.mismatch(expected: "String", found: sqliteValue) }
        self = value
    }
}

extension Data: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        guard case .blob(let value) = sqliteValue else { throw SQLiteError.mismatch(expected: "Data", found: sqliteValue) }
        self = value
    }
}

/// NULL reads as `nil`; anything else must decode as `Wrapped`.
extension Optional: SQLiteColumnDecodable where Wrapped: SQLiteColumnDecodable {
    public init(sqliteValue: SQLiteValue) throws {
        self = sqliteValue == .null ? nil : try Wrapped(sqliteValue: sqliteValue)
    }
}
