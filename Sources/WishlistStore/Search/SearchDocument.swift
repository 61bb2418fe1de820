/// What one of the search indexes (`SearchIndex`) holds for a record, in each engine's form, made
/// by `SearchGrams` from one reading of the record's tokens.
///
/// - `fts5`: the text of each of the FTS5 table's columns, in their order, which FTS5's tokenizer
///   splits at the spaces between the tokens (and which deleting the entry needs again).
/// - `vectors`: PostgreSQL's `tsvector` literals of the record's parts (`SearchVector`); none when
///   there is nothing to find. Written only when asked for: a server on SQLite never needs them,
///   and writing them was a tenth of the CPU time of creating a wish there.
struct SearchDocument: Sendable, Equatable {
    let fts5: [String]
    private let tokens: Tokens

    /// The tokens the `tsvector` literals are written from.
    private enum Tokens: Sendable, Equatable {
        /// In order, their positions kept for phrases.
        case grams([String])
        /// Only ever asked for whole: no positions.
        case words([String])
        /// A spot's place-name bigrams, weight `A`, then the words of its text, each once, weight `B`.
        case weighted(grams: [String], text: String)
    }

    /// A bigram document: the tokens in order, their positions kept for phrases.
    init(grams tokens: [String]) {
        fts5 = [tokens.joined(separator: " ")]
        self.tokens = .grams(tokens)
    }

    /// A document whose tokens are only ever asked for whole (`wish_text_search`): no positions.
    init(words tokens: [String]) {
        fts5 = [tokens.joined(separator: " ")]
        self.tokens = .words(tokens)
    }

    /// A document of two FTS5 columns, `grams` then `text` (which FTS5 splits into words itself),
    /// held by PostgreSQL as one part: the bigrams weighted `A`, then the text's words, each once,
    /// weighted `B`.
    init(grams: [String], text: String) {
        fts5 = [grams.joined(separator: " "), text]
        tokens = .weighted(grams: grams, text: text)
    }

    /// PostgreSQL's `tsvector` literals of the record's parts.
    var vectors: [String] {
        switch tokens {
        case .grams(let tokens):
            return SearchVector.parts(tokens)
        case .words(let tokens):
            return tokens.isEmpty ? [] : [SearchVector.lexemes(tokens)]
        case .weighted(let grams, let text):
            var seen = Set<Substring>()
            let words = SearchGrams.words(of: text).filter { seen.insert($0).inserted }.map(String.init)
            return [
                [SearchVector.vector(grams, weight: "A"), SearchVector.vector(words, from: grams.count + 1, weight: "B")]
                    .filter { !$0.isEmpty }.joined(separator: " ")
            ]
        }
    }

    /// Whether there is nothing to find in it.
    var isEmpty: Bool {
        switch tokens {
        case .grams(let tokens), .words(let tokens): tokens.isEmpty
        case .weighted: false
        }
    }
}
