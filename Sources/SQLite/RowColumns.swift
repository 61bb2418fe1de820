/// The column names of one statement's result, shared by all rows it produces so that
/// each row carries only its values.
final class RowColumns: Sendable {
    let names: [String]
    /// Only for results wider than `scannedColumns`, whose names are found by hashing.
    private let indexByName: [String: Int]?

    /// Made at each execution of a statement, so it does no more than it must: most results are
    /// narrow, and a request may run dozens of statements.
    init(names: [String]) {
        self.names = names
        // The first column wins when names repeat, as in SQLite itself.
        indexByName =
            names.count > Self.scannedColumns
            ? Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// Rows of a statement are read column by column with short names, so comparing the name with
    /// each column's costs less than hashing it (hashing was a tenth of a page of wishes' decoding).
    func index(of name: String) -> Int? {
        if let indexByName {
            if let index = indexByName[name] { return index }
        } else if let index = names.firstIndex(of: name) {
            return index
        }
        // SQLite's names are case-insensitive; a name spelt otherwise than its column is rare.
        let lowercased = name.lowercased()
        return names.firstIndex { $0.lowercased() == lowercased }
    }

    /// Up to this many columns, a name is found by comparing rather than hashing.
    private static let scannedColumns = 24
}
