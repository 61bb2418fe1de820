extension [SQLRow] {
    /// These rows (each selecting `id`) in the order of `rowIDs`: a page's records are read from
    /// its ids' JSON array joined to their table (SQLite looks each up by its row id), in whatever
    /// order the engine finds them, and put back in the page's order.
    func inOrder(of rowIDs: [Int64]) throws -> [SQLRow] {
        let byID = Dictionary(try map { (try $0["id"] as Int64, $0) }, uniquingKeysWith: { first, _ in first })
        return rowIDs.compactMap { byID[$0] }
    }
}
