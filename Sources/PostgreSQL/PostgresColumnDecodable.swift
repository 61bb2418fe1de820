import Foundation

/// Anything a column can be read as. Throws `PostgresError` (code `.datatypeMismatch`) on a wrong
/// type or NULL.
///
/// Conversions are strict, as in the SQLite module, so that a schema mistake shows as an error
/// rather than as a silently changed value: integers read as `Int`, `Int64` and (widened) `Double`;
/// `float4`, `float8` and `numeric` as `Double`; `bool` as `Bool`; text-like types (text, varchar,
/// char, name, json, jsonb, uuid) as `String`; `bytea` as `Data`.
public protocol PostgresColumnDecodable {
    init(postgresValue: PostgresValue) throws
}

extension PostgresValue: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) { self = postgresValue }
}

extension Int64: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        guard postgresValue.type.isInteger, let text = postgresValue.text, let value = Int64(text) else {
            throw PostgresError.mismatch(expected: "Int64", found: postgresValue)
        }
        self = value
    }
}

extension Int: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        // On a 32-bit platform an int8 may not fit: that is a mismatch, not a trap.
        guard let value = Int(exactly: try Int64(postgresValue: postgresValue)) else {
            throw PostgresError.mismatch(expected: "Int", found: postgresValue)
        }
        self = value
    }
}

extension Double: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        let type = postgresValue.type
        // Double reads the server's spellings of the special values too: NaN, Infinity, -Infinity.
        guard type == .float8 || type == .float4 || type == .numeric || type.isInteger,
            let text = postgresValue.text, let value = Double(text)
        else {
            throw PostgresError.mismatch(expected: "Double", found: postgresValue)
        }
        self = value
    }
}

extension Bool: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        // The text format writes a bool as exactly `t` or `f`.
        guard postgresValue.type == .bool, let text = postgresValue.text, text == "t" || text == "f" else {
            throw PostgresError.mismatch(expected: "Bool", found: postgresValue)
        }
        self = text == "t"
    }
}

extension String: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        guard postgresValue.type.isTextual, let text = postgresValue.text else {
            throw PostgresError.mismatch(expected: "String", found: postgresValue)
        }
        self = text
    }
}

extension Data: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        guard case .bytes(let bytes) = postgresValue.content else {
            throw PostgresError.mismatch(expected: "Data", found: postgresValue)
        }
        self = bytes
    }
}

/// NULL reads as `nil`; anything else must decode as `Wrapped`.
extension Optional: PostgresColumnDecodable where Wrapped: PostgresColumnDecodable {
    public init(postgresValue: PostgresValue) throws {
        self = postgresValue.isNull ? nil : try Wrapped(postgresValue: postgresValue)
    }
}
