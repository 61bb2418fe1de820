/// The column names of one statement's result, shared by all rows it produces so that
/// each row carries only its values.
final class RowColumns: Sendable {
    let names: [String]
    private let indexByName: [String: Int]
    /// For SQLite's case-insensitive names, consulted only when the exact spelling is not found.
    private let indexByLowercasedName: [String: Int]

    init(names: [String]) {
        self.names = names
        // The first column wins when names repeat, as in SQLite itself.
        indexByName = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        indexByLowercasedName = Dictionary(names.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Rows of a statement are read column by column with short names, so comparing the name with
    /// each column's costs less than hashing it (hashing was a tenth of a page of wishes' decoding).
    func index(of name: String) -> Int? {
        if names.count <= Self.scannedColumns, let index = names.firstIndex(of: name) {
            return index
        }
        return indexByName[name] ?? indexByLowercasedName[name.lowercased()]
    }

    /// Up to this many columns, a name is found by comparing rather than hashing.
    private static let scannedColumns = 24
}
