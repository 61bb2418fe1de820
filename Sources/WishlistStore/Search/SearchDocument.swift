/// What one of the search indexes (`SearchIndex`) holds for a record, in each engine's form, made
/// by `SearchGrams` from one reading of the record's tokens.
///
/// - `fts5`: the text of each of the FTS5 table's columns, in their order, which FTS5's tokenizer
///   splits at the spaces between the tokens (and which deleting the entry needs again).
/// - `vectors`: PostgreSQL's `tsvector` literals of the record's parts (`SearchVector`); none when
///   there is nothing to find.
struct SearchDocument: Sendable, Equatable {
    let fts5: [String]
    let vectors: [String]

    /// A bigram document: the tokens in order, their positions kept for phrases.
    init(grams tokens: [String]) {
        fts5 = [tokens.joined(separator: " ")]
        vectors = SearchVector.parts(tokens)
    }

    /// A document whose tokens are only ever asked for whole (`wish_text_search`): no positions.
    init(words tokens: [String]) {
        fts5 = [tokens.joined(separator: " ")]
        vectors = tokens.isEmpty ? [] : [SearchVector.lexemes(tokens)]
    }

    /// Whether there is nothing to find in it.
    var isEmpty: Bool { vectors.isEmpty }

    init(fts5: [String], vectors: [String]) {
        self.fts5 = fts5
        self.vectors = vectors
    }
}
