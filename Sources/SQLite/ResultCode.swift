import CSQLite

/// A primary SQLite result code (the low 8 bits of an extended code), e.g. `.constraint`, `.busy`.
///
/// A struct rather than an enum so that codes added by a newer SQLite still round-trip.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    /// Keeps only the primary part of `rawValue`, so an extended code may be passed.
    public init(rawValue: Int32) {
        self.rawValue = rawValue & 0xFF
    }

    public static let ok = ResultCode(rawValue: SQLITE_OK)
    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let notFound = ResultCode(rawValue: SQLITE_NOTFOUND)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cantOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let `protocol` = ResultCode(rawValue: SQLITE_PROTOCOL)
    public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
    public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let authorization = ResultCode(rawValue: SQLITE_AUTH)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)

    /// SQLite's own English name for the code, e.g. "database is locked".
    public var description: String {
        String(cString: sqlite3_errstr(rawValue))
    }
}
