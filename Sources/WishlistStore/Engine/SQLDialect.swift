/// The engine a `SQLConnection` runs on, for the few fragments of SQL whose text differs between
/// them. Each fragment is written here once with both texts side by side; the statements around
/// it read the same on both engines.
package enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgres

    /// What a JSON array's members are read as by ``members(ofJSONArray:as:)``.
    enum MemberType {
        /// Row ids: `bigint` on PostgreSQL.
        case integer
        case text
    }

    /// A subquery of the members of the JSON array bound to `parameter` (`":ids"`, its text made by
    /// `jsonArray`), for `column IN (…)`: one statement of any length, prepared once.
    func members(ofJSONArray parameter: String, as type: MemberType) -> String {
        switch self {
        case .sqlite: "SELECT value FROM json_each(\(parameter))"
        case .postgres:
            "SELECT value\(type == .integer ? "::int8" : "") FROM jsonb_array_elements_text(\(parameter)::jsonb)"
        }
    }

    /// The test that `column` is one of the row ids in the JSON array bound to `parameter` (its
    /// text made by `jsonArray`). On PostgreSQL it is `= ANY` of an array (a JSON array of
    /// integers is its array literal once its brackets are braces): one index scan that looks each
    /// id up, where `IN` of the members hashes them first and joins them to the index (79 ids:
    /// 0.29 → 0.24 ms a statement, pgbench).
    func test(_ column: String, isAmongIDsIn parameter: String) -> String {
        switch self {
        case .sqlite: "\(column) IN (\(members(ofJSONArray: parameter, as: .integer)))"
        case .postgres: "\(column) = ANY(translate(\(parameter), '[]', '{}')::int8[])"
        }
    }

    /// The test that a boolean column is true (or, with `false`, false). SQLite's partial indexes
    /// are written `WHERE favorite = 1`, and SQLite uses one only for a query that repeats that
    /// very term; PostgreSQL's are written `WHERE favorite`, and it compares no boolean with 1.
    func test(_ column: String, is value: Bool) -> String {
        switch self {
        case .sqlite: "\(column) = \(value ? 1 : 0)"
        case .postgres: value ? column : "NOT \(column)"
        }
    }

    /// The larger of two values: SQLite's `max` of two arguments, PostgreSQL's `greatest` (its
    /// `max` is the aggregate only).
    func greatest(_ first: String, _ second: String) -> String {
        switch self {
        case .sqlite: "max(\(first), \(second))"
        case .postgres: "greatest(\(first), \(second))"
        }
    }

    /// The join that reads its left table first (`a JOIN b ON …`): SQLite's planner keeps
    /// the order of a CROSS JOIN; PostgreSQL's CROSS JOIN takes no ON, and its planner chooses the
    /// order from its statistics.
    var joinInOrder: String {
        switch self {
        case .sqlite: "CROSS JOIN"
        case .postgres: "JOIN"
        }
    }

    /// Where `needle` first occurs in `text` (both SQL expressions), in characters from 1; 0 when
    /// it does not: SQLite's `instr`, PostgreSQL's `strpos`.
    func position(of needle: String, in text: String) -> String {
        switch self {
        case .sqlite: "instr(\(text), \(needle))"
        case .postgres: "strpos(\(text), \(needle))"
        }
    }
}
