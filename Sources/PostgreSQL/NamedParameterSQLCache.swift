/// The `NamedParameterSQL` of the statements one connection has run, by their text, so that a
/// statement's text is scanned for its `:name` parameters once and not at every run: the scan took
/// 5 % of the server's CPU for a page of the tag filter (`perf record`, the bench's 100,000 wishes).
///
/// Bounded, since dynamic SQL (an `IN` list of every length) would otherwise grow it without end. A
/// full cache starts again empty: a scan is cheap to redo, so keeping the least recently used order
/// is not worth its bookkeeping.
struct NamedParameterSQLCache {
    private var statements: [String: NamedParameterSQL] = [:]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `sql` read with its parameters numbered, scanned now if it was not before.
    mutating func statement(_ sql: String) throws -> NamedParameterSQL {
        if let statement = statements[sql] { return statement }
        let statement = try NamedParameterSQL(sql)
        if statements.count >= capacity { statements.removeAll(keepingCapacity: true) }
        statements[sql] = statement
        return statement
    }

    var count: Int { statements.count }
}
