/// A search's question to one of the search indexes (`SearchIndex`), in each engine's language,
/// made by `SearchGrams` from one reading of the query's words: every word must be found.
///
/// - `fts5`: the MATCH expression of the whole query (words joined by AND), as SQLite binds it.
/// - `tsqueries`: PostgreSQL's `tsquery` literal of each word, asked separately because a long
///   text is stored in parts (`SearchVector.parts`) and each word may be in a different part.
/// - `lexemes`: when every word is one whole token (a word of two characters in a bigram index,
///   such as "가방"), those tokens as stored: PostgreSQL then finds the matching names and journal
///   entries in their postings (`SearchIndex.postings`), newest first, without their `tsvector`s.
struct SearchPattern: Sendable, Equatable {
    let fts5: String
    let tsqueries: [String]
    let lexemes: [String]?

    /// What finds one query word, in each engine's language.
    struct Word: Sendable, Equatable {
        let fts5: String
        let tsquery: String
        /// The stored token, when the word is one whole token.
        var lexeme: String? = nil
    }

    /// The pattern requiring every one of `words`; nil when there is none.
    init?(requiring words: [Word]) {
        guard !words.isEmpty else { return nil }
        fts5 = words.map(\.fts5).joined(separator: " AND ")
        tsqueries = words.map(\.tsquery)
        let lexemes = words.compactMap(\.lexeme)
        self.lexemes = lexemes.count == words.count ? lexemes : nil
    }
}
