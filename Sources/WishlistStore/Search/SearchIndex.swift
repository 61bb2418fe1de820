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
    /// Spots' place names' bigrams (FTS5's `grams`, PostgreSQL's weight `A`) and the words of their
    /// descriptions and addresses (`words`, weight `B`).
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
    /// with its arguments, named `name` followed by a number on PostgreSQL. There each query word
    /// is a GIN lookup of its own, and a record matches when every word is in one of its parts.
    func matching(_ pattern: SearchPattern, named name: String, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        switch dialect {
        case .sqlite:
            return ("SELECT rowid AS id FROM \(rawValue) WHERE \(rawValue) MATCH :\(name)", [name: pattern.fts5])
        case .postgres:
            let names = pattern.tsqueries.indices.map { "\(name)\($0)" }
            return (
                names.map { "SELECT DISTINCT id FROM \(rawValue) WHERE tokens @@ CAST(:\($0) AS tsquery)" }
                    .joined(separator: " INTERSECT "),
                zip(names, pattern.tsqueries).reduce(into: [:] as SQLArguments) { $0 += [$1.0: $1.1] }
            )
        }
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
