import WishlistCore

/// Why a CSV of wishes cannot be read at all (a row that breaks a rule is refused on its own instead).
public enum WishCSVError: DomainError, Equatable {
    /// The bytes are not UTF-8 text.
    case notUTF8
    /// The first row does not name a `name` column.
    case headerMissing
    /// The header names a column twice.
    case repeatedColumn(String)
    /// More rows than one import takes.
    case tooManyRows(limit: Int)

    public var kind: DomainErrorKind {
        switch self {
        case .notUTF8, .headerMissing, .repeatedColumn: .unprocessable
        case .tooManyRows: .tooLarge
        }
    }

    public var code: String {
        switch self {
        case .notUTF8: "csv_not_utf8"
        case .headerMissing: "csv_header_missing"
        case .repeatedColumn: "csv_repeated_column"
        case .tooManyRows: "too_many_items"
        }
    }

    public var message: String {
        switch self {
        case .notUTF8:
            "The file is not UTF-8 text; save it as \"CSV UTF-8\" and import it again."
        case .headerMissing:
            "The first row must name the columns, among them name: name, link, tags, memo, price."
        case .repeatedColumn(let name):
            "The header names the column \"\(name.prefix(40))\" twice."
        case .tooManyRows(let limit):
            "The file has more than \(limit) rows; split it into smaller files."
        }
    }
}
