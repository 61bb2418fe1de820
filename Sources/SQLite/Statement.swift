import CSQLite
import Foundation

/// SQLite copies bound text and blobs before the bind call returns; the macro itself is not imported.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement: binding, stepping and reading columns. Owned by one `Database`.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    /// Set while a caller steps through the statement, so a re-entrant use of the same SQL
    /// (a query inside `forEach`) gets its own statement instead of resetting this one.
    var isInUse = false
    /// When the cache last handed it out, for evicting the least recently used one.
    var lastUsed: UInt64 = 0
    /// How many parameters the statement has, counting each name once.
    let parameterCount: Int32
    /// Each parameter's name as SQLite reports it (`:owner`; a numbered `?NNN` is named so too),
    /// nil for a plain `?`; at index 0, parameter 1. Read once when prepared (the statement is
    /// cached), for refusing positional arguments and for error messages.
    private let parameterNames: [String?]

    /// Prepares exactly one statement. Trailing text that is more than whitespace, `;` and
    /// comments is refused, because SQLite would silently ignore it.
    init(sql: String, connection: OpaquePointer, persistent: Bool) throws {
        var statement: OpaquePointer?
        var hasTrailingStatement = false
        let flags = UInt32(persistent ? SQLITE_PREPARE_PERSISTENT : 0)
        let resultCode = sql.utf8CString.withUnsafeBufferPointer { buffer -> Int32 in
            guard let start = buffer.baseAddress else { return SQLITE_MISUSE }
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, start, Int32(clamping: buffer.count), flags, &statement, &tail)
            if code == SQLITE_OK, let tail, tail.pointee != 0 {
                hasTrailingStatement = Self.isStatement(tail, connection: connection)
            }
            return code
        }
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(connection: connection, resultCode: resultCode, sql: sql)
        }
        guard let statement else {
            throw SQLiteError(code: .misuse, message: "no SQL statement to run", sql: sql)
        }
        guard !hasTrailingStatement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: .misuse, message: "more than one statement: use execute(_:) for a script", sql: sql)
        }
        self.handle = statement
        self.sql = sql
        parameterCount = sqlite3_bind_parameter_count(statement)
        parameterNames = (1..<parameterCount + 1).map { index in
            sqlite3_bind_parameter_name(statement, index).map { String(cString: $0) }
        }
    }

    /// Whether the text holds anything SQLite would run (or reject), rather than only comments and `;`.
    private static func isStatement(_ text: UnsafePointer<CChar>, connection: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, text, -1, &statement, nil)
        sqlite3_finalize(statement)
        return code != SQLITE_OK || statement != nil
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds the arguments of one execution, by position or by name.
    func bind(_ arguments: StatementArguments) throws {
        switch arguments {
        case .positional(let values): try bind(values)
        case .named(let named): try bind(named)
        }
    }

    /// Binds positional arguments to plain `?` parameters; their number must match. A statement
    /// with named or numbered parameters is refused: those are bound by name, so that no argument
    /// depends on where another piece of SQL put its own.
    private func bind(_ arguments: [any SQLiteBindable]) throws {
        if let named = parameterNames.first(where: { $0 != nil }), let named {
            throw SQLiteError(code: .range, message: "parameter \(named) has a name: bind the statement's arguments by name", sql: sql)
        }
        guard arguments.count == Int(parameterCount) else {
            throw SQLiteError(code: .range, message: "expected \(parameterCount) arguments, got \(arguments.count)", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let resultCode = bind(argument.sqliteValue, at: Int32(offset + 1))
            guard resultCode == SQLITE_OK else { throw error(resultCode) }
        }
    }

    /// Binds each argument to the parameter of its name (`:name`); every parameter must get
    /// exactly one. The marks of which are bound live on the stack, not in an allocation per call.
    private func bind(_ arguments: NamedArguments) throws {
        let count = parameterNames.count
        try withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { isBound in
            isBound.initialize(repeating: false)
            for (name, value) in arguments.arguments {
                // SQLite finds a parameter by its name as written, colon included (a short C string
                // made per argument); 0 when there is none. Measured against comparing with
                // names kept from `parameterNames`, this was no slower.
                let index = Int(sqlite3_bind_parameter_index(handle, ":" + name))
                guard index > 0 else {
                    throw SQLiteError(
                        code: .range, message: "no parameter :\(name) in the statement; it has \(parameterList)", sql: sql)
                }
                guard !isBound[index - 1] else {
                    throw SQLiteError(code: .range, message: "two arguments for :\(name)", sql: sql)
                }
                isBound[index - 1] = true
                let resultCode = bind(value.sqliteValue, at: Int32(index))
                guard resultCode == SQLITE_OK else { throw error(resultCode) }
            }
            if let missing = isBound.firstIndex(of: false) {
                throw SQLiteError(
                    code: .range,
                    message: parameterNames[missing].map { "no argument for \($0)" }
                        ?? "parameter \(missing + 1) is a nameless ?: a statement bound by name must name every parameter",
                    sql: sql)
            }
        }
    }

    /// The statement's parameter names, for error messages: ":a, :b", "?" for a nameless one.
    private var parameterList: String {
        parameterNames.isEmpty ? "no parameters" : parameterNames.map { $0 ?? "?" }.joined(separator: ", ")
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            var text = text
            return text.withUTF8 { bytes in
                // A nil pointer would bind NULL instead of the empty string.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(handle, index, "", 0, transient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(handle, index, $0, sqlite3_uint64(bytes.count), transient, UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                // A nil pointer would bind NULL instead of an empty blob.
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, sqlite3_uint64(bytes.count), transient)
            }
        case .null:
            return sqlite3_bind_null(handle, index)
        }
    }

    /// Advances to the next row: `true` when there is one, `false` when done.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let resultCode: throw error(resultCode)
        }
    }

    /// Steps to the end, for statements whose rows (if any) are not wanted.
    func run() throws {
        while try step() {}
    }

    /// How many columns the result has.
    var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The result's column names; read per execution since a schema change may alter `SELECT *`.
    func columns() -> RowColumns {
        RowColumns(names: (0..<columnCount).map { String(cString: sqlite3_column_name(handle, $0)) })
    }

    /// The current row; only valid after `step()` returned `true`.
    func row(columns: RowColumns) -> Row {
        Row(columns: columns, values: (0..<Int32(columns.names.count)).map(value(at:)))
    }

    /// The current row's value in column `index` (0-based, in range).
    func value(at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // Pointer first, then length: the documented order, as reading may convert the value.
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob(Data()) }
            return .blob(Data(bytes: blob, count: Int(sqlite3_column_bytes(handle, index))))
        default:
            return .null
        }
    }

    /// Makes the statement ready for its next use and drops references to bound values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func error(_ resultCode: Int32) -> SQLiteError {
        SQLiteError(connection: sqlite3_db_handle(handle), resultCode: resultCode, sql: sql)
    }
}
