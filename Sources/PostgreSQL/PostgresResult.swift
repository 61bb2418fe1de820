import CPostgres
import Foundation

/// A libpq result, owned: cleared when this goes away. Checked as it is made, so one that exists
/// is a success.
final class PostgresResult {
    let handle: OpaquePointer

    /// Takes `handle` (which may be NULL, when libpq could not make a result) from a call on
    /// `connection`, and throws the error it carries.
    init(_ handle: OpaquePointer?, connection: OpaquePointer, sql: String?) throws {
        guard let handle else {
            throw Self.connectionError(connection, sql: sql)
        }
        let status = cpostgres_result_status(handle)
        switch status {
        case CPOSTGRES_COMMAND_OK, CPOSTGRES_TUPLES_OK, CPOSTGRES_EMPTY_QUERY:
            self.handle = handle
        case CPOSTGRES_FATAL_ERROR, CPOSTGRES_NONFATAL_ERROR, CPOSTGRES_BAD_RESPONSE:
            defer { cpostgres_clear(handle) }
            throw Self.error(of: handle, connection: connection, sql: sql)
        default:
            // COPY … FROM STDIN / TO STDOUT and pipeline results: this module sends none of them.
            cpostgres_clear(handle)
            throw PostgresError(
                code: .featureNotSupported,
                message: "libpq answered with result status \(status.rawValue), which this module does not read",
                sql: sql)
        }
    }

    deinit {
        cpostgres_clear(handle)
    }

    /// The rows, copied out of libpq's memory.
    func rows() throws -> [PostgresRow] {
        let columnCount = Int(cpostgres_column_count(handle))
        let columns = PostgresColumns(names: (0..<columnCount).map { String(cString: cpostgres_column_name(handle, Int32($0))) })
        let types = (0..<columnCount).map { PostgresType(rawValue: cpostgres_column_type(handle, Int32($0))) }
        return try (0..<cpostgres_row_count(handle)).map { row in
            PostgresRow(columns: columns, values: try types.indices.map { try value(row: row, column: Int32($0), type: types[$0]) })
        }
    }

    private func value(row: Int32, column: Int32, type: PostgresType) throws -> PostgresValue {
        if cpostgres_value_is_null(handle, row, column) { return PostgresValue(type: type, content: .null) }
        let text = cpostgres_value(handle, row, column)!
        guard type == .bytea else {
            let length = Int(cpostgres_value_length(handle, row, column))
            let bytes = UnsafeRawBufferPointer(start: text, count: length)
            return PostgresValue(type: type, content: .text(String(decoding: bytes, as: UTF8.self)))
        }
        // libpq's own unescaping reads both of the server's bytea_output formats (hex and escape).
        var length = 0
        guard let bytes = cpostgres_unescape_bytea(text, &length) else {
            throw PostgresError(code: .outOfMemory, message: "libpq could not allocate a bytea value of \(length) bytes")
        }
        defer { cpostgres_free(bytes) }
        return PostgresValue(type: type, content: .bytes(Data(bytes: bytes, count: length)))
    }

    /// Rows the command affected (INSERT, UPDATE, DELETE, SELECT…); 0 for other commands.
    var affectedRows: Int {
        Int(String(cString: cpostgres_affected_rows(handle))) ?? 0
    }

    /// The error a failed result carries, with its SQLSTATE; a connection that broke on the way is
    /// `connectionFailure` when the server said nothing else.
    static func error(of result: OpaquePointer, connection: OpaquePointer, sql: String?) -> PostgresError {
        func field(_ field: CPostgresErrorField) -> String? {
            cpostgres_result_error_field(result, field).map { String(cString: $0) }
        }
        let fullMessage = trimmed(String(cString: cpostgres_result_error_message(result)))
        let code: SQLState =
            if let state = field(CPOSTGRES_FIELD_SQLSTATE) {
                SQLState(rawValue: state)
            } else {
                // libpq's own errors have no SQLSTATE: a broken connection is the usual one.
                cpostgres_is_connected(connection) ? .internalError : .connectionFailure
            }
        return PostgresError(
            code: code, message: field(CPOSTGRES_FIELD_MESSAGE) ?? fullMessage, detail: field(CPOSTGRES_FIELD_DETAIL),
            hint: field(CPOSTGRES_FIELD_HINT), sql: sql)
    }

    /// The error of a call that made no result: the connection's last error.
    static func connectionError(_ connection: OpaquePointer, sql: String?) -> PostgresError {
        let message = trimmed(String(cString: cpostgres_connection_error(connection)))
        return PostgresError(
            code: cpostgres_is_connected(connection) ? .outOfMemory : .connectionFailure,
            message: message.isEmpty ? "libpq made no result" : message, sql: sql)
    }

    /// libpq's messages end with a newline and may span lines ("server closed the connection
    /// unexpectedly\n\tThis probably means…"): one line reads better in a log.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
