import WishlistCore

/// Why a release of the K-culture spots could not be imported.
public enum SpotImportError: DomainError, Equatable {
    /// Not a gzip or UTF-8 CSV with the data set's columns.
    case unreadable(String)

    public var kind: DomainErrorKind { .unprocessable }
    public var code: String { "unreadable_spots" }
    public var message: String {
        switch self {
        case .unreadable(let reason): "This is not a K-culture spots file: \(reason)"
        }
    }
}
