/// The mark that begins each lexeme of `spot_search` on PostgreSQL, saying which part of a spot it
/// comes from: a bigram of the place name, or a word of the description or address. FTS5 keeps the
/// two in columns of their own (`grams`, `words`).
///
/// A mark rather than a weight (`'카페':A`): GIN keeps no weights, so a query naming one has
/// PostgreSQL read and test again the `tsvector` of every match (`gin_tsquery_consistent`), a
/// third of its scan of the 743 spots of "카페". A mark is part of the lexeme the index finds.
enum SpotLexeme {
    /// Before each bigram of a place name.
    static let name = "n"
    /// Before each word of the description and address.
    static let word = "w"
}
