import Foundation
import PostgreSQL
import SQLite

/// A value a statement of either engine can take as an argument: each engine's module already
/// binds it, in its own way (a `Bool` is SQLite's 0 or 1 and PostgreSQL's `true` or `false`, `Data`
/// a blob or a `bytea`), so the repositories bind the same Swift values whatever the engine.
package protocol SQLBindable: SQLiteBindable, PostgresBindable {}

extension Int: SQLBindable {}
extension Int64: SQLBindable {}
extension Double: SQLBindable {}
extension Bool: SQLBindable {}
extension String: SQLBindable {}
extension Data: SQLBindable {}
extension Optional: SQLBindable where Wrapped: SQLBindable {}

/// A type a column of either engine can be read as, as strictly as each engine's module reads it:
/// a `Bool` is read from SQLite's INTEGER and from PostgreSQL's `boolean`, an `Int64` from INTEGER
/// and from `bigint`, `Data` from a blob and from a `bytea`.
package protocol SQLDecodable: SQLiteColumnDecodable, PostgresColumnDecodable {}

extension Int: SQLDecodable {}
extension Int64: SQLDecodable {}
extension Double: SQLDecodable {}
extension Bool: SQLDecodable {}
extension String: SQLDecodable {}
extension Data: SQLDecodable {}
extension Optional: SQLDecodable where Wrapped: SQLDecodable {}
