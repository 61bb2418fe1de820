import PostgreSQL
import SQLite

extension Schema {
    /// The tables whose rows carry their account in `owner_id`: a change to any of them changes
    /// what that account's reads answer.
    static let tablesOfAnAccount = [
        "wishes", "wish_tags", "tags", "recent_searches", "photos", "gif_favorites", "journal_entries", "shares", "spot_wishes"
    ]
    /// Tables of an account's records that name the record, not the account: the record's table,
    /// and its column naming it.
    static let tablesOfARecord = [
        ("wish_prices", "wishes", "wish_id"), ("reservations", "wishes", "wish_id"), ("journal_mentions", "journal_entries", "entry_id")
    ]
    /// The tables every account's reads show (the K-culture spots): a change counts as a change of
    /// every account's answers, kept as account 0's generation.
    static let tablesOfEveryone = ["spots", "spot_titles", "spot_imports"]
    /// The tables whose changes need no generation of their own: the bookkeeping no read shows
    /// (idempotency keys, rate windows, migrations), who may sign in (sessions, tokens and the
    /// accounts, which no kept answer holds: a deleted account's records count themselves), and
    /// what the database derives from the tables above in the same transaction (search entries,
    /// place cells). `AccountGenerationsTests` checks every table is in one list.
    static let tablesWithoutGenerations = [
        "idempotency_keys", "rate_windows", "schema_migrations", "sessions", "api_tokens", "users", "account_generations",
        "wish_search", "wish_text_search", "journal_search", "spot_search", "spot_title_search", "place_cells",
        "journal_place_cells", "spot_cells", "place_cell_levels"
    ]

    /// SQLite has nothing to add: one server on its file sees every write itself (its pool's
    /// count of writes, and `data_version` for other processes). The migration is registered so
    /// that both engines keep one history.
    @Sendable static func createAccountGenerations(_ db: Database) throws {}

    /// Servers sharing a PostgreSQL database keep answers of an account's reads; another server's
    /// write must end them at once. Each account's generation counts the transactions that changed
    /// its rows: statement triggers on every table of an account's records add one in the writing
    /// transaction itself, so a reader that sees the new generation also sees the write, and one
    /// that kept an answer under the old generation finds it changed. Rows are locked in account
    /// order, so two writes bumping several accounts cannot each wait for the other.
    @Sendable static func createAccountGenerations(_ connection: PostgresConnection) throws {
        func bumping(_ function: String, _ accounts: String) -> String {
            """
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO account_generations AS g (account_id, generation)
                SELECT account_id, 1 FROM (\(accounts)) AS changed_accounts ORDER BY account_id
                ON CONFLICT (account_id) DO UPDATE SET generation = g.generation + 1;
                RETURN NULL;
            END $$;
            """
        }
        func triggers(_ table: String, _ function: String) -> String {
            [("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")].map { event, rows in
                """
                CREATE TRIGGER \(table)_generation_\(event.lowercased()) AFTER \(event) ON \(table)
                REFERENCING \(rows) TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION \(function)();
                """
            }.joined(separator: "\n")
        }
        var sql = [
            """
            CREATE TABLE account_generations (
                account_id BIGINT PRIMARY KEY,
                generation BIGINT NOT NULL
            );
            """,
            bumping("bump_owner_generations", "SELECT DISTINCT owner_id AS account_id FROM changed"),
            bumping("bump_everyone_generation", "SELECT DISTINCT 0::bigint AS account_id FROM changed")
        ]
        sql += tablesOfAnAccount.map { triggers($0, "bump_owner_generations") }
        sql += tablesOfEveryone.map { triggers($0, "bump_everyone_generation") }
        for (table, records, column) in tablesOfARecord {
            let function = "bump_\(table)_generations"
            sql.append(
                bumping(
                    function, "SELECT DISTINCT r.owner_id AS account_id FROM changed c JOIN \(records) r ON r.id = c.\(column)"))
            sql.append(triggers(table, function))
        }
        try connection.execute(sql.joined(separator: "\n"))
    }
}
