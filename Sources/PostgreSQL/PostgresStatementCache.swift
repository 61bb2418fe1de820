/// The statements one connection has prepared, by SQL text, with the name each has on the server.
///
/// Bounded: dynamic SQL (an `IN` list of every length) would otherwise grow the server process's
/// memory without end; the least recently used statement makes room.
struct PostgresStatementCache {
    private struct Entry {
        let name: String
        var lastUsed: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var clock: UInt64 = 0
    private var namesMade = 0
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The server-side name of `sql`'s statement, if it was prepared; marks it used.
    mutating func name(of sql: String) -> String? {
        clock += 1
        guard var entry = entries[sql] else { return nil }
        entry.lastUsed = clock
        entries[sql] = entry
        return entry.name
    }

    /// A new name for a statement about to be prepared, never given before on this connection, and
    /// the name of the statement to deallocate to make room for it, if any.
    mutating func newName() -> (name: String, evicted: String?) {
        namesMade += 1
        var evicted: String?
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
            entries[oldest.key] = nil
            evicted = oldest.value.name
        }
        return ("s\(namesMade)", evicted)
    }

    /// Records that `sql` was prepared as `name`.
    mutating func insert(_ sql: String, name: String) {
        clock += 1
        entries[sql] = Entry(name: name, lastUsed: clock)
    }

    /// Forgets `sql`'s statement, returning its name.
    mutating func remove(_ sql: String) -> String? {
        entries.removeValue(forKey: sql)?.name
    }

    var count: Int { entries.count }
}
