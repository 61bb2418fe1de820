import Crypto
import Foundation
import PostgreSQL
import SQLite

/// One column of a table `PostgreSQLMove` copies: how a SQLite value is sent to PostgreSQL, and
/// how a value of either engine is written for the checksum, so that equal data gives equal text
/// (SQLite's 0/1 and PostgreSQL's booleans, a REAL and a `double precision` read as the same
/// number).
struct MovedColumn {
    enum Kind {
        case boolean
        case integer
        case real
        case text
        case bytes

        /// The kind of a column of `information_schema.columns.data_type`.
        init(postgresType: String) throws {
            switch postgresType {
            case "boolean": self = .boolean
            case "bigint", "integer", "smallint": self = .integer
            case "double precision", "real": self = .real
            case "text", "character varying": self = .text
            case "bytea": self = .bytes
            default: throw PostgreSQLMoveError.unsupportedColumnType(postgresType)
            }
        }
    }

    let name: String
    let kind: Kind
    let isIdentity: Bool

    /// The value as a parameter of PostgreSQL's INSERT.
    func parameter(_ value: SQLiteValue) -> PostgresParameter {
        switch (kind, value) {
        case (_, .null): .null
        case (.boolean, .integer(let number)): .text(number != 0 ? "true" : "false")
        case (_, .integer(let number)): .text(String(number))
        case (_, .real(let number)): .text(number.description)
        case (_, .text(let text)): .text(text)
        case (_, .blob(let bytes)): .binary(bytes)
        }
    }

    /// The checksum's text of a SQLite value; nil for NULL.
    func canonical(_ value: SQLiteValue) -> String? {
        switch (kind, value) {
        case (_, .null): nil
        case (.boolean, .integer(let number)): number != 0 ? "t" : "f"
        case (.real, .integer(let number)): Double(number).description
        case (.integer, .real(let number)) where number == number.rounded(): String(Int64(number))
        case (_, .integer(let number)): String(number)
        case (_, .real(let number)): number.description
        case (.real, .text(let text)): Double(text)?.description ?? text
        case (_, .text(let text)): text
        case (_, .blob(let bytes)): SHA256.hex(Array(bytes))
        }
    }

    /// The checksum's text of a PostgreSQL value; nil for NULL.
    func canonical(_ value: PostgresValue) throws -> String? {
        guard !value.isNull else { return nil }
        switch kind {
        case .bytes: return SHA256.hex(Array(try Data(postgresValue: value)))
        case .real: return value.text.flatMap(Double.init)?.description ?? value.text
        case .boolean, .integer, .text: return value.text
        }
    }
}
