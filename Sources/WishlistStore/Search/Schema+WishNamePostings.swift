import PostgreSQL
import SQLite

extension Schema {
    /// SQLite has nothing to add: FTS5 reads a token's matches from its own index, newest first.
    /// The migration is registered so that both engines keep one history.
    @Sendable static func addWishNamePostings(_ db: Database) throws {}

    /// Each token of each name's search entries beside the wish it is in, with the columns a name
    /// search ranks by, keyed by the token and then the wish (`wish_name_postings`): a search of a
    /// whole token ("가방") walks its newest matches from this key alone and stops at the thousand
    /// it ranks (`SearchIndex.newest`). From the GIN index PostgreSQL read every match's entry
    /// and sorted them: 2.2–2.4 ms of the 6–7 ms that PostgreSQL spent on an all-groups search of
    /// "가방" in 100,000 wishes, against 0.12–0.17 ms. It costs a name's 8 or so tokens a row each
    /// (806,792 rows for 100,000 names: 62 MB of rows and 58 MB of key).
    ///
    /// Triggers keep the postings with the entries, so the writes stay the same on both engines: a
    /// name's entries are added and removed whole (`SearchIndex`), also when the wish is deleted
    /// (a cascade), and the move to PostgreSQL adds them anew (`SearchRebuild`).
    @Sendable static func addWishNamePostings(_ connection: PostgresConnection) throws {
        try connection.execute(
            """
            CREATE TABLE wish_name_postings (
                token TEXT COLLATE "C" NOT NULL,
                id BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                name_key TEXT COLLATE "C" NOT NULL,
                PRIMARY KEY (token, id) INCLUDE (created_at, name_key)
            );
            INSERT INTO wish_name_postings (token, id, created_at, name_key)
            SELECT DISTINCT ON (t.token, s.id) t.token, s.id, s.created_at, s.name_key
            FROM wish_search s, unnest(tsvector_to_array(s.tokens)) AS t(token);
            DO $$ BEGIN IF EXISTS (SELECT FROM wish_name_postings) THEN ANALYZE wish_name_postings; END IF; END $$;
            CREATE FUNCTION add_wish_name_postings() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO wish_name_postings (token, id, created_at, name_key)
                SELECT t.token, NEW.id, NEW.created_at, NEW.name_key FROM unnest(tsvector_to_array(NEW.tokens)) AS t(token)
                ON CONFLICT DO NOTHING;
                RETURN NULL;
            END $$;
            CREATE TRIGGER wish_search_postings_added AFTER INSERT ON wish_search
            FOR EACH ROW EXECUTE FUNCTION add_wish_name_postings();
            CREATE FUNCTION remove_wish_name_postings() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM wish_name_postings WHERE token = ANY (tsvector_to_array(OLD.tokens) COLLATE "C") AND id = OLD.id;
                RETURN NULL;
            END $$;
            CREATE TRIGGER wish_search_postings_removed AFTER DELETE ON wish_search
            FOR EACH ROW EXECUTE FUNCTION remove_wish_name_postings();
            """)
    }
}
