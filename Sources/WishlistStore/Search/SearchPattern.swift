/// A search's question to one of the search indexes (`SearchIndex`), in each engine's language,
/// made by `SearchGrams` from one reading of the query's words: every word must be found.
///
/// - `fts5`: the MATCH expression of the whole query (words joined by AND), as SQLite binds it.
/// - `tsqueries`: PostgreSQL's `tsquery` literal of each word, asked separately because a long
///   text is stored in parts (`SearchVector.parts`) and each word may be in a different part.
struct SearchPattern: Sendable, Equatable {
    let fts5: String
    let tsqueries: [String]

    /// What finds one query word, in each engine's language.
    struct Word: Sendable, Equatable {
        let fts5: String
        let tsquery: String
    }

    /// The pattern requiring every one of `words`; nil when there is none.
    init?(requiring words: [Word]) {
        guard !words.isEmpty else { return nil }
        fts5 = words.map(\.fts5).joined(separator: " AND ")
        tsqueries = words.map(\.tsquery)
    }
}
