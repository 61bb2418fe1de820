import Foundation

/// One parameter value as sent to the server: NULL, text, or binary bytes (used for `bytea`).
///
/// Parameters go with no type of their own, like quoted literals: the server gives each the type
/// its place in the statement needs (`WHERE id = $1` takes the column's type) and reads the text as
/// that type. Where nothing decides, as in `SELECT $1`, it is `text`: cast it (`$1::int8`).
public enum PostgresParameter: Sendable, Hashable {
    case null
    case text(String)
    case binary(Data)
}

/// Anything that can be bound to a statement's parameter (`$1`, `$2`…).
public protocol PostgresBindable {
    var postgresParameter: PostgresParameter { get }
}

extension PostgresParameter: PostgresBindable {
    public var postgresParameter: PostgresParameter { self }
}

extension Int: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int64: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Int32: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

/// Swift writes the shortest text that reads back as the same Double, and the server reads its
/// `inf`, `-inf` and `nan` too.
extension Double: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(String(self)) }
}

extension Bool: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(self ? "true" : "false") }
}

extension String: PostgresBindable {
    public var postgresParameter: PostgresParameter { .text(self) }
}

/// Bytes go in binary format, which for `bytea` is the bytes themselves: no escaping, no doubling.
extension Data: PostgresBindable {
    public var postgresParameter: PostgresParameter { .binary(self) }
}

extension Optional: PostgresBindable where Wrapped: PostgresBindable {
    public var postgresParameter: PostgresParameter { self?.postgresParameter ?? .null }
}
