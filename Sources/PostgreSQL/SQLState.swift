/// A five-character SQLSTATE: the server's code for what went wrong (`23505` for a unique
/// violation, `40001` for a serialization failure), the first two characters naming its class.
///
/// A struct rather than an enum, so that every code the server sends round-trips; the constants are
/// the ones callers act on. Failures found on this side of the connection carry the standard code
/// that describes them (`08001` could not connect, `08006` connection lost, `42804` a value read as
/// the wrong type), so one `switch` on `code` covers both.
public struct SQLState: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The class: the first two characters (`23` integrity constraint violation, `08` connection exception…).
    public var errorClass: String { String(rawValue.prefix(2)) }

    public var description: String { rawValue }

    // Class 08: connection exception.
    public static let connectionException = SQLState(rawValue: "08000")
    public static let connectionDoesNotExist = SQLState(rawValue: "08003")
    public static let connectionFailure = SQLState(rawValue: "08006")
    public static let unableToConnect = SQLState(rawValue: "08001")
    public static let protocolViolation = SQLState(rawValue: "08P01")
    // Class 22: data exception.
    public static let characterNotInRepertoire = SQLState(rawValue: "22021")
    public static let invalidParameterValue = SQLState(rawValue: "22023")
    public static let invalidTextRepresentation = SQLState(rawValue: "22P02")
    // Class 23: integrity constraint violation.
    public static let notNullViolation = SQLState(rawValue: "23502")
    public static let foreignKeyViolation = SQLState(rawValue: "23503")
    public static let uniqueViolation = SQLState(rawValue: "23505")
    public static let checkViolation = SQLState(rawValue: "23514")
    // Class 25: invalid transaction state.
    public static let activeTransaction = SQLState(rawValue: "25001")
    public static let readOnlySQLTransaction = SQLState(rawValue: "25006")
    public static let noActiveTransaction = SQLState(rawValue: "25P01")
    public static let inFailedTransaction = SQLState(rawValue: "25P02")
    // Class 28 and 3D: invalid authorization, invalid catalog name.
    public static let invalidPassword = SQLState(rawValue: "28P01")
    public static let databaseDoesNotExist = SQLState(rawValue: "3D000")
    // Class 40: transaction rollback.
    public static let serializationFailure = SQLState(rawValue: "40001")
    public static let deadlockDetected = SQLState(rawValue: "40P01")
    // Class 42: syntax error or access rule violation.
    public static let syntaxError = SQLState(rawValue: "42601")
    public static let undefinedColumn = SQLState(rawValue: "42703")
    public static let undefinedTable = SQLState(rawValue: "42P01")
    public static let datatypeMismatch = SQLState(rawValue: "42804")
    public static let undefinedParameter = SQLState(rawValue: "42P02")
    // Class 53 and 55: insufficient resources, object not in prerequisite state.
    public static let outOfMemory = SQLState(rawValue: "53200")
    public static let lockNotAvailable = SQLState(rawValue: "55P03")
    // Class 57: operator intervention (the server ending a session or shutting down).
    public static let queryCanceled = SQLState(rawValue: "57014")
    public static let adminShutdown = SQLState(rawValue: "57P01")
    public static let crashShutdown = SQLState(rawValue: "57P02")
    public static let cannotConnectNow = SQLState(rawValue: "57P03")
    // Class 0A and XX.
    public static let featureNotSupported = SQLState(rawValue: "0A000")
    public static let internalError = SQLState(rawValue: "XX000")
}
