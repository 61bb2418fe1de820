import PostgreSQL
import SQLite

extension Schema {
    /// SQLite has nothing to add: its name search ranks the thousand newest matches by reading
    /// their wishes, which costs it little (an FTS5 table keeps tokens only). The migration is
    /// registered so that both engines keep one history.
    @Sendable static func addWishSearchRanks(_ db: Database) throws {}

    /// The columns a name search ranks its matches by (`SearchIndex.rankColumns`), kept beside each
    /// wish's tokens, so that ranking the thousand newest matches reads no wish: PostgreSQL spent
    /// 2.2 ms of a 7 ms name search of 100,000 wishes fetching them one by one. A trigger fills them
    /// in as each entry is added, so the writes stay the same on both engines; a wish's entries are
    /// made anew whenever its name changes (`WishRepository.update`), and its creation time never does.
    /// The statistics of entries it filled are made again at once: without them a name search of
    /// "가방" took 88 ms instead of 5 until autovacuum came by. (A new database's empty table is
    /// left unanalyzed, as its others are, so that the planner's first guesses are the usual ones.)
    @Sendable static func addWishSearchRanks(_ connection: PostgresConnection) throws {
        try connection.execute(addingRanks(to: .wishNames, from: "wishes"))
    }

    /// The SQL that adds `index.rankColumns` (of `index.rankColumnTypes`) to its entries, fills them from the
    /// records of `table`, analyzes what it filled, and has a trigger fill them as entries are added.
    static func addingRanks(to index: SearchIndex, from table: String) -> String {
        let (entries, columns, types) = (index.rawValue, index.rankColumns, index.rankColumnTypes)
        let function = "copy_\(entries)_ranks"
        return """
            ALTER TABLE \(entries) \(zip(columns, types).map { "ADD COLUMN \($0) \($1)" }.joined(separator: ", "));
            UPDATE \(entries) s SET \(columns.map { "\($0) = r.\($0)" }.joined(separator: ", ")) FROM \(table) r WHERE r.id = s.id;
            ALTER TABLE \(entries) \(columns.map { "ALTER COLUMN \($0) SET NOT NULL" }.joined(separator: ", "));
            DO $$ BEGIN IF EXISTS (SELECT FROM \(entries)) THEN ANALYZE \(entries); END IF; END $$;
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                SELECT \(columns.map { "r.\($0)" }.joined(separator: ", ")) INTO \(columns.map { "NEW.\($0)" }.joined(separator: ", "))
                FROM \(table) r WHERE r.id = NEW.id;
                RETURN NEW;
            END $$;
            CREATE TRIGGER \(entries)_ranks BEFORE INSERT ON \(entries) FOR EACH ROW EXECUTE FUNCTION \(function)();
            """
    }

    /// SQLite's journal search reads the entries it ranks; see the PostgreSQL migration.
    @Sendable static func addJournalSearchRanks(_ db: Database) throws {}

    /// The journal search's ranks (day and creation time) beside each entry's tokens, as
    /// `addWishSearchRanks` does for names: fetching a thousand entries one by one was 1.5 ms of a
    /// journal search of 100,000 entries. An entry's day may change without its text, which keeps
    /// its tokens: a second trigger passes a new day on.
    @Sendable static func addJournalSearchRanks(_ connection: PostgresConnection) throws {
        try connection.execute(
            addingRanks(to: .journal, from: "journal_entries")
                + """

                CREATE FUNCTION pass_on_journal_search_day() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE journal_search SET day = NEW.day WHERE id = NEW.id;
                    RETURN NULL;
                END $$;
                CREATE TRIGGER journal_search_day AFTER UPDATE OF day ON journal_entries
                FOR EACH ROW WHEN (OLD.day <> NEW.day) EXECUTE FUNCTION pass_on_journal_search_day();
                """)
    }
}
