import SQLite
import WishlistCore

extension Schema {
    /// `wish_text_search`: the words of each wish's memo and of its link's site (the host without
    /// `www.`), for the `byText` group of search.
    ///
    /// Words matched by their start as `spot_search.words` is ("가방" finds "가방을", "musinsa"
    /// finds musinsa.com), but every start of a word is a token of its own (`SearchGrams.textDocument`)
    /// so that a query word is read as one token rather than as a prefix query; bigrams of every
    /// memo, as names have, would make the index many times larger. Every token starts with its
    /// owner, so one account's words never match another's query. Contentless, with `detail = none`:
    /// a query is only ever an AND of tokens, which needs no positions or columns. Its rowids are
    /// those of `wishes`.
    ///
    /// Filled here for the wishes already stored, in one pass of one transaction through a single
    /// prepared INSERT: 2.1 s for 100,000 wishes (`wishlist-bench generate`, debug build), 25 s for
    /// the million of `make bench` (12 s of CPU).
    @Sendable static func createWishTextSearch(_ db: Database) throws {
        try db.execute(
            """
            CREATE VIRTUAL TABLE wish_text_search USING fts5(
                words, content = '', columnsize = 0, detail = none, tokenize = 'unicode61 remove_diacritics 2'
            );
            """)
        try db.forEach("SELECT id, owner_id, memo, link FROM wishes WHERE memo <> '' OR link IS NOT NULL") { row in
            try WishRepository.indexText(
                rowID: try row["id"], memo: try row["memo"], link: try row["link"], owner: UserKey(try row["owner_id"]),
                SQLiteConnection(database: db))
        }
    }
}
