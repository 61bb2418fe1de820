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

    func index(of name: String) -> Int? {
        indexByName[name] ?? indexByLowercasedName[name.lowercased()]
    }
}
