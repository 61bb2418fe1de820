import Foundation

extension PostgresRow {
    /// The rows a statement folded into one value, as `json_agg(json_build_array(a::text, b::text, …))`
    /// writes them: an array of rows, each an array of its columns' texts or nulls. They are read as
    /// a result's rows would be, their columns named `names` and of the types `types`; NULL (nothing
    /// to fold: `json_agg` of no rows) is no rows.
    ///
    /// Folding lets one statement answer a page of records with the rows each has in another table
    /// (a round trip and a transaction fewer than a second statement). Each value is cast to text
    /// because a JSON number does not say which type it was, while a value's text is the server's
    /// own spelling of it, as in a result column; its type is the caller's to say.
    ///
    /// - Throws: `.datatypeMismatch` when `json` is not such an array or a row has another number of
    ///   columns than `names`.
    public static func folded(_ json: String?, names: [String], types: [PostgresType]) throws -> [PostgresRow] {
        precondition(names.count == types.count, "a folded column needs a name and a type")
        guard let json else { return [] }
        let texts: [[String?]]
        do {
            texts = try JSONDecoder().decode([[String?]].self, from: Data(json.utf8))
        } catch {
            throw PostgresError(code: .datatypeMismatch, message: "folded rows are not an array of arrays of texts: \(error)")
        }
        let columns = PostgresColumns(names: names)
        return try texts.map { row in
            guard row.count == names.count else {
                throw PostgresError(
                    code: .datatypeMismatch, message: "a folded row has \(row.count) values for the \(names.count) columns \(names)")
            }
            return PostgresRow(
                columns: columns,
                values: zip(row, types).map { text, type in PostgresValue(type: type, content: text.map { .text($0) } ?? .null) })
        }
    }
}
