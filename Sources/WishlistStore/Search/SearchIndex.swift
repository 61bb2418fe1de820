/// One of the search indexes, on either engine: a contentless FTS5 table on SQLite whose rowids are
/// the records', and on PostgreSQL a table of the same name holding each record's `tsvector` parts
/// (`id`, `part`, `tokens`), with a GIN index on `tokens` and the record's id as a foreign key, so
/// that a record's entries go with it.
///
/// Side tables rather than a `tsvector` column on the records: the records' tables keep the same
/// columns on both engines, a long text can be stored in several parts (`SearchVector`), and
/// updating a wish's other columns (a favorite, a price) never rewrites its search entries.
enum SearchIndex: String, CaseIterable, Sendable {
    /// Wish names' bigrams.
    case wishNames = "wish_search"
    /// The starts of the words of wishes' memos and sites.
    case wishTexts = "wish_text_search"
    /// Journal entries' bigrams (title and contents).
    case journal = "journal_search"
    /// Spots' place names' bigrams (FTS5's `grams`) and the words of their descriptions and
    /// addresses (`words`); on PostgreSQL, each lexeme marked with its kind (`SpotLexeme`).
    case spots = "spot_search"
    /// The bigrams of the works' and artists' titles and aliases.
    case spotTitles = "spot_title_search"

    /// The FTS5 table's columns, in order.
    private var fts5Columns: [String] {
        switch self {
        case .wishTexts: ["words"]
        case .spots: ["grams", "words"]
        default: ["grams"]
        }
    }

    /// The record's columns a search ranks by, kept beside the tokens on PostgreSQL by triggers
    /// (`Schema.addWishSearchRanks`, `addJournalSearchRanks`): a wish's creation time and name
    /// key, a journal entry's day and creation time.
    var rankColumns: [String] {
        switch self {
        case .wishNames: ["created_at", "name_key"]
        case .journal: ["day", "created_at"]
        default: []
        }
    }

    /// The PostgreSQL types of `rankColumns`, in order, as the ranks' and the postings' migrations
    /// declare them.
    var rankColumnTypes: [String] {
        switch self {
        case .wishNames: ["BIGINT", "TEXT COLLATE \"C\""]
        case .journal: ["TEXT COLLATE \"C\"", "BIGINT"]
        default: []
        }
    }

    /// PostgreSQL's table of each token of each entry, beside the record's id and `rankColumns`,
    /// keyed by the token and then the id (`Schema.addingPostings`), for the indexes whose searches
    /// rank the newest thousand matches.
    var postings: String? {
        switch self {
        case .wishNames: "wish_name_postings"
        case .journal: "journal_postings"
        default: nil
        }
    }

    /// Adds the record's entry.
    func add(_ rowID: Int64, _ document: SearchDocument, _ db: any SQLConnection) throws {
        try add([(rowID, document)], db)
    }

    /// Adds the records' entries, in as few statements as the engine wants (`insert(into:)`).
    func add(_ entries: [(rowID: Int64, document: SearchDocument)], _ db: any SQLConnection) throws {
        switch db.dialect {
        case .sqlite:
            try db.insert(
                into: rawValue, columns: ["rowid"] + fts5Columns,
                rows: entries.map { rowID, document in [rowID] + document.fts5.map { $0 as any SQLBindable } })
        case .postgres:
            // Each part's text becomes a `tsvector` as the column's input.
            let rows = entries.flatMap { rowID, document in
                document.vectors.enumerated().map { part, vector in [rowID, part, vector] as [any SQLBindable] }
            }
            try db.insert(into: rawValue, columns: ["id", "part", "tokens"], rows: rows)
        }
    }

    /// Takes the record's entry out: FTS5 needs the text it was given (a contentless table forgets
    /// an entry only when told its tokens again); PostgreSQL deletes the rows.
    func remove(_ rowID: Int64, _ document: SearchDocument, _ db: any SQLConnection) throws {
        switch db.dialect {
        case .sqlite:
            try db.run(
                """
                INSERT INTO \(rawValue) (\(rawValue), rowid, \(fts5Columns.joined(separator: ", ")))
                VALUES ('delete', :id, \(columnParameters))
                """,
                ["id": rowID] + columnArguments(document))
        case .postgres:
            try db.run("DELETE FROM \(rawValue) WHERE id = :id", ["id": rowID])
        }
    }

    /// A query of the ids (column `id`, each once) of the records whose entries match `pattern`,
    /// with its arguments, named `name` followed by a number on PostgreSQL. There a record matches
    /// when every word is in one of its parts: the first word is looked for in the parts and each
    /// other one asked of the same record's parts (`EXISTS`, which the planner may also turn
    /// around to start from a rarer word).
    func matching(_ pattern: SearchPattern, named name: String, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        switch dialect {
        case .sqlite:
            return ("SELECT rowid AS id FROM \(rawValue) WHERE \(rawValue) MATCH :\(name)", [name: pattern.fts5])
        case .postgres:
            return postgresMatching(pattern, named: name, also: [])
        }
    }

    /// A query of the ids of the records matching `pattern`, newest (largest id) first, below
    /// `before` when given, at most `limit` of them, with its arguments (named after `name`).
    ///
    /// On PostgreSQL the order and the limit are the query's own, not an outer one's, so that the
    /// planner may walk the primary key backwards, test each part and stop at `limit` when a word
    /// is common (GIN hands back every match unordered: for "가방", in 13,740 of the bench's
    /// 100,000 journal entries, it read 7,491 pages and sorted the ids, 12 to 36 ms, where the walk
    /// reads 7,000 rows, 2 to 7 ms), and still read the GIN index for a rare word, as `ANALYZE`'s
    /// statistics of the tokens say.
    ///
    /// On PostgreSQL, `selectingRanks` adds the `rankColumns` to the ids.
    func newest(
        _ pattern: SearchPattern, named name: String, before: Int64? = nil, limit: Int, selectingRanks: Bool = false,
        _ dialect: SQLDialect
    ) -> (sql: String, arguments: SQLArguments) {
        let arguments: SQLArguments = ["\(name)Limit": limit] + (before.map { ["\(name)Before": $0] as SQLArguments } ?? [:])
        switch dialect {
        case .sqlite:
            let matching = matching(pattern, named: name, dialect)
            return (
                """
                SELECT id FROM (\(matching.sql)) AS matching \(before == nil ? "" : "WHERE id < :\(name)Before ")\
                ORDER BY id DESC LIMIT :\(name)Limit
                """,
                matching.arguments + arguments
            )
        case .postgres:
            // Names and entries are never read below an id (only the memo pages are).
            if let postings, before == nil, let lexemes = pattern.lexemes {
                return newest(in: postings, having: lexemes, named: name, selectingRanks: selectingRanks, arguments)
            }
            let matching = postgresMatching(
                pattern, named: name, also: before == nil ? [] : ["s.id < :\(name)Before"], selecting: selectingRanks ? rankColumns : [])
            return ("\(matching.sql) ORDER BY s.id DESC LIMIT :\(name)Limit", matching.arguments + arguments)
        }
    }

    /// PostgreSQL's newest records having every one of `lexemes` (whole tokens), from the index's
    /// `postings`: a walk of the first token's postings backwards, in the order of the ids, reading
    /// the postings' key alone and stopping at the limit. From the GIN index every match was read
    /// and sorted: for "가방", in 2,120 of the bench's 100,000 names, 1,390 pages and 2.4 ms, where
    /// the walk reads 13 pages in 0.12–0.17 ms. The journal's walk by id tested 7,000 entries for
    /// the same word (1.8–2.5 ms), where its postings' walk reads 13 pages (0.2–0.4 ms).
    private func newest(
        in postings: String, having lexemes: [String], named name: String, selectingRanks: Bool, _ arguments: SQLArguments
    ) -> (sql: String, arguments: SQLArguments) {
        let names = lexemes.indices.map { "\(name)Lexeme\($0)" }
        let others = names.dropFirst().map { other in
            "EXISTS (SELECT 1 FROM \(postings) o WHERE o.token = :\(other) AND o.id = p.id)"
        }
        let conditions = ["p.token = :\(names[0])"] + others
        let columns = ["id"] + (selectingRanks ? rankColumns : [])
        return (
            """
            SELECT \(columns.map { "p.\($0)" }.joined(separator: ", ")) FROM \(postings) p
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY p.id DESC LIMIT :\(name)Limit
            """,
            zip(names, lexemes).reduce(into: arguments) { $0 += [$1.0: $1.1] }
        )
    }

    /// PostgreSQL's `matching`, with more conditions on the part `s` holding the first word, and
    /// more of its columns than the id.
    private func postgresMatching(
        _ pattern: SearchPattern, named name: String, also conditions: [String], selecting columns: [String] = []
    ) -> (sql: String, arguments: SQLArguments) {
        let names = pattern.tsqueries.indices.map { "\(name)\($0)" }
        let others = names.indices.dropFirst().map { word in
            """
            EXISTS (SELECT 1 FROM \(rawValue) s\(word) WHERE s\(word).id = s.id \
            AND s\(word).tokens @@ CAST(:\(names[word]) AS tsquery))
            """
        }
        let first = names.prefix(1).map { "s.tokens @@ CAST(:\($0) AS tsquery)" }
        return (
            // Each part of a record carries the same rank columns: one row per record is one per id,
            // which a walk of the primary key by id gives without sorting the matches.
            """
            SELECT DISTINCT \(columns.isEmpty ? "" : "ON (s.id) ")\((["id"] + columns).map { "s.\($0)" }.joined(separator: ", ")) \
            FROM \(rawValue) s WHERE \((first + others + conditions).joined(separator: " AND "))
            """,
            // How many records each word matches decides between the GIN index and a walk by id.
            zip(names, pattern.tsqueries).reduce(into: [:] as SQLArguments) { $0 += [$1.0: $1.1] }.decidingThePlan
        )
    }

    /// The GIN index of its tokens on PostgreSQL.
    var ginIndex: String { "\(rawValue)_tokens" }

    private var columnParameters: String {
        fts5Columns.map { ":" + $0 }.joined(separator: ", ")
    }

    private func columnArguments(_ document: SearchDocument) -> SQLArguments {
        zip(fts5Columns, document.fts5).reduce(into: [:] as SQLArguments) { $0 += [$1.0: $1.1] }
    }
}
