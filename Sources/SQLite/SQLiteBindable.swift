import Foundation

/// Anything that can be bound to a `?` parameter.
public protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLiteBindable {
    public var sqliteValue: SQLiteValue { self }
}

extension Int: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Int64: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(self) }
}

extension Int32: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Double: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .real(self) }
}

/// Stored as 0 or 1, as SQLite itself stores `TRUE` and `FALSE`.
extension Bool: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension String: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .text(self) }
}

extension Data: SQLiteBindable {
    public var sqliteValue: SQLiteValue { .blob(self) }
}

/// `nil` binds NULL.
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
