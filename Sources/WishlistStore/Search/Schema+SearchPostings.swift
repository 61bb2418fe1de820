import PostgreSQL
import SQLite

extension Schema {
    /// SQLite has nothing to add: FTS5 reads a token's matches from its own index, newest first.
    /// The migration is registered so that both engines keep one history.
    @Sendable static func addWishNamePostings(_ db: Database) throws {}

    /// Each token of each name's search entries beside the wish it is in, with the columns a name
    /// search ranks by (`wish_name_postings`, see `addingPostings`). From the GIN index PostgreSQL
    /// read every match's entry and sorted them: 2.2–2.4 ms of the 6–7 ms that PostgreSQL spent
    /// on an all-groups search of "가방" in 100,000 wishes, against 0.12–0.17 ms for the walk. It
    /// costs a name's 8 or so tokens a row each (806,792 rows for 100,000 names: 62 MB of rows and
    /// 58 MB of key).
    @Sendable static func addWishNamePostings(_ connection: PostgresConnection) throws {
        try connection.execute(addingPostings(of: .wishNames))
    }

    /// SQLite has nothing to add, as for the names.
    @Sendable static func addJournalPostings(_ db: Database) throws {}

    /// The journal's postings (`journal_postings`, see `addingPostings`), with an entry's day and
    /// creation time. PostgreSQL found the newest thousand journal entries having "가방" by walking
    /// the entries by id and testing each one's tokens: 7,000 entries and 1.8–2.5 ms for the 13,740
    /// matches in 100,000 entries, the largest statement of an all-groups search; the walk of the
    /// postings reads 13 pages in 0.2–0.4 ms. It costs an entry's 46 or so tokens a row each
    /// (4.6 million rows for 100,000 entries: 308 MB of rows and 267 MB of key). An entry's day
    /// may change without its text (`addJournalSearchRanks`), and its postings' day with it.
    @Sendable static func addJournalPostings(_ connection: PostgresConnection) throws {
        try connection.execute(
            addingPostings(of: .journal)
                + """

                CREATE FUNCTION pass_on_journal_postings_day() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE journal_postings SET day = NEW.day
                    WHERE token = ANY (tsvector_to_array(NEW.tokens) COLLATE "C") AND id = NEW.id;
                    RETURN NULL;
                END $$;
                CREATE TRIGGER journal_search_postings_day AFTER UPDATE OF day ON journal_search
                FOR EACH ROW WHEN (OLD.day <> NEW.day) EXECUTE FUNCTION pass_on_journal_postings_day();
                """)
    }

    /// The SQL that makes `index.postings`: each token of each of the index's entries beside the
    /// record's id and `index.rankColumns` (of `index.rankColumnTypes`), keyed by the token and then the id, so
    /// that a search of a whole token ("가방") walks its newest matches from this key alone and
    /// stops at the thousand it ranks (`SearchIndex.newest`). A record whose text is stored in
    /// several parts has one row a token.
    ///
    /// It fills them from the entries already there, and triggers keep them with the entries, so
    /// the writes stay the same on both engines: a record's entries are added and removed whole,
    /// every part at once (`SearchIndex`), also when the record is deleted (a cascade), and the
    /// move to PostgreSQL adds them anew (`SearchRebuild`).
    static func addingPostings(of index: SearchIndex) -> String {
        guard let postings = index.postings else { preconditionFailure("\(index) keeps no postings") }
        let (entries, columns, types) = (index.rawValue, index.rankColumns, index.rankColumnTypes)
        let listed = (["token", "id"] + columns).joined(separator: ", ")
        return """
            CREATE TABLE \(postings) (
                token TEXT COLLATE "C" NOT NULL,
                id BIGINT NOT NULL,
                \(zip(columns, types).map { "\($0) \($1) NOT NULL," }.joined(separator: "\n    "))
                PRIMARY KEY (token, id) INCLUDE (\(columns.joined(separator: ", ")))
            );
            INSERT INTO \(postings) (\(listed))
            SELECT DISTINCT ON (t.token, s.id) t.token, s.id, \(columns.map { "s.\($0)" }.joined(separator: ", "))
            FROM \(entries) s, unnest(tsvector_to_array(s.tokens)) AS t(token);
            DO $$ BEGIN IF EXISTS (SELECT FROM \(postings)) THEN ANALYZE \(postings); END IF; END $$;
            CREATE FUNCTION add_\(postings)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO \(postings) (\(listed))
                SELECT t.token, NEW.id, \(columns.map { "NEW.\($0)" }.joined(separator: ", ")) FROM unnest(tsvector_to_array(NEW.tokens)) AS t(token)
                ON CONFLICT DO NOTHING;
                RETURN NULL;
            END $$;
            CREATE TRIGGER \(entries)_postings_added AFTER INSERT ON \(entries)
            FOR EACH ROW EXECUTE FUNCTION add_\(postings)();
            CREATE FUNCTION remove_\(postings)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM \(postings) WHERE token = ANY (tsvector_to_array(OLD.tokens) COLLATE "C") AND id = OLD.id;
                RETURN NULL;
            END $$;
            CREATE TRIGGER \(entries)_postings_removed AFTER DELETE ON \(entries)
            FOR EACH ROW EXECUTE FUNCTION remove_\(postings)();
            """
    }
}
