import Foundation

/// One SQLite value, in one of the five storage classes.
public enum SQLiteValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null

    /// The storage class name, for error messages.
    var storageClassName: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }
}
