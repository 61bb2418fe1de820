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
        /// A spot's place-name bigrams, then the words of its text, each once, each kind marked
        /// (`SpotLexeme`).
        case marked(grams: [String], text: String)
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
    /// held by PostgreSQL as one part: the bigrams, then the text's words, each once, each lexeme
    /// marked with its kind (`SpotLexeme`).
    init(grams: [String], text: String) {
        fts5 = [grams.joined(separator: " "), text]
        tokens = .marked(grams: grams, text: text)
    }

    /// PostgreSQL's `tsvector` literals of the record's parts.
    var vectors: [String] {
        switch tokens {
        case .grams(let tokens):
            return SearchVector.parts(tokens)
        case .words(let tokens):
            return tokens.isEmpty ? [] : [SearchVector.lexemes(tokens)]
        case .marked(let grams, let text):
            var seen = Set<Substring>()
            let words = SearchGrams.words(of: text).filter { seen.insert($0).inserted }.map { SpotLexeme.word + $0 }
            return [
                [SearchVector.vector(grams.map { SpotLexeme.name + $0 }), SearchVector.vector(words, from: grams.count + 1)]
                    .filter { !$0.isEmpty }.joined(separator: " ")
            ]
        }
    }

    /// Whether there is nothing to find in it.
    var isEmpty: Bool {
        switch tokens {
        case .grams(let tokens), .words(let tokens): tokens.isEmpty
        case .marked: false
        }
    }
}
