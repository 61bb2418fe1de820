import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a connection wrote rows of some tables (`Database.watchWrites`): for a cache of those
/// tables' rows, which must not outlive a change to them but may outlive every other write.
///
/// SQLite's update hook reports each row inserted, updated or deleted, except in a `WITHOUT ROWID`
/// table and by a `DELETE` without `WHERE` (which SQLite runs as a truncation): the tables watched
/// must be neither kind, and never be emptied so.
///
/// Used by the thread that holds its connection only: the hook runs on it, and so does `take`.
final class WriteWatch: @unchecked Sendable {
    /// The tables' names as C strings, to compare with the hook's without making a String per row.
    private let tables: [[CChar]]
    private var wroteWatchedRows = false

    init(tables: Set<String>) {
        self.tables = tables.map { Array($0.utf8CString) }
    }

    /// Notes a row written in `table`.
    func noteWrite(inTable table: UnsafePointer<CChar>) {
        guard !wroteWatchedRows else { return }
        wroteWatchedRows = tables.contains { name in name.withUnsafeBufferPointer { strcmp($0.baseAddress!, table) == 0 } }
    }

    /// Whether a row of a watched table was written since the last call.
    func take() -> Bool {
        defer { wroteWatchedRows = false }
        return wroteWatchedRows
    }
}
