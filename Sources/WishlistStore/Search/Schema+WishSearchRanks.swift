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
        try connection.execute(
            """
            ALTER TABLE wish_search ADD COLUMN created_at BIGINT, ADD COLUMN name_key TEXT COLLATE "C";
            UPDATE wish_search s SET created_at = w.created_at, name_key = w.name_key FROM wishes w WHERE w.id = s.id;
            ALTER TABLE wish_search ALTER COLUMN created_at SET NOT NULL, ALTER COLUMN name_key SET NOT NULL;
            DO $$ BEGIN IF EXISTS (SELECT FROM wish_search) THEN ANALYZE wish_search; END IF; END $$;
            CREATE FUNCTION copy_wish_search_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                SELECT w.created_at, w.name_key INTO NEW.created_at, NEW.name_key FROM wishes w WHERE w.id = NEW.id;
                RETURN NEW;
            END $$;
            CREATE TRIGGER wish_search_ranks BEFORE INSERT ON wish_search
            FOR EACH ROW EXECUTE FUNCTION copy_wish_search_ranks();
            """)
    }
}
