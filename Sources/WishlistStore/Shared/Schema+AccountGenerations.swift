import PostgreSQL
import SQLite

extension Schema {
    /// The tables whose rows carry their account in `owner_id`: a change to any of them changes
    /// what that account's kept reads answer.
    static let tablesOfAnAccount = ["wishes", "wish_tags", "tags", "photos", "gif_favorites", "journal_entries", "spot_wishes"]
    /// Tables of an account's records that name the record, not the account: the record's table,
    /// and its column naming it.
    static let tablesOfARecord = [("wish_prices", "wishes", "wish_id"), ("journal_mentions", "journal_entries", "entry_id")]
    /// The tables every account's reads show (the K-culture spots): a change counts as a change of
    /// every account's answers, kept as account 0's generation.
    static let tablesOfEveryone = ["spots", "spot_titles", "spot_imports"]
    /// The tables whose changes need no generation of their own: what no kept answer shows (the
    /// recent searches, shares and their views, reservations, which SQLite writes uncounted too;
    /// idempotency keys, rate windows, pending shares, migrations), who may sign in (sessions, tokens and the
    /// accounts: a deleted account's records count themselves), and what the database derives
    /// from the tables above in the same transaction (search entries, place cells, wish counts).
    /// `AccountGenerationsTests` checks every table is in one list.
    static let tablesWithoutGenerations = [
        "recent_searches", "shares", "reservations", "idempotency_keys", "rate_windows", "pending_shares", "schema_migrations", "sessions",
        "api_tokens", "users", "account_generations", "wish_search", "wish_text_search", "journal_search", "spot_search",
        "spot_title_search", "wish_name_postings", "journal_postings", "place_cells", "journal_place_cells", "spot_cells",
        "place_cell_levels", "wish_counts"
    ]

    /// SQLite has nothing to add: one server on its file sees every write itself (its pool's
    /// counts of writes, and its data version for other processes). The migration is registered so
    /// that both engines keep one history.
    @Sendable static func createAccountGenerations(_ db: Database) throws {}

    /// The SQL function SQLite's writer calls with the account of each row it writes
    /// (`DatabasePool(keyingWritesWith:)`), 0 for everyone's rows.
    static let accountWrittenFunction = "wishlist_account_written"

    /// SQLite's writer's own triggers (`TEMP`: made on its connection at every start, kept in no
    /// file) that name to ``accountWrittenFunction`` the account of every row written in the tables
    /// of the lists above, as PostgreSQL's generations count them: a server counts its writes by
    /// account, and a kept answer of one account outlives every other account's writes
    /// (`Store.writeCount(for:)`). An update names the row's account before and after.
    static var accountWriteTriggers: String {
        func triggers(_ table: String, account: (_ row: String) -> String) -> String {
            [("insert", ["NEW"]), ("update", ["OLD", "NEW"]), ("delete", ["OLD"])].map { operation, rows in
                let calls = rows.map { "SELECT \(accountWrittenFunction)(\(account($0)));" }.joined(separator: " ")
                return
                    "CREATE TEMP TRIGGER \(table)_\(operation)_account AFTER \(operation.uppercased()) ON main.\(table) BEGIN \(calls) END;"
            }.joined(separator: "\n")
        }
        return
            (tablesOfAnAccount.map { triggers($0) { "\($0).owner_id" } }
            + tablesOfARecord.map { table, records, column in
                triggers(table) { "(SELECT owner_id FROM main.\(records) WHERE id = \($0).\(column))" }
            }
            + tablesOfEveryone.map { triggers($0) { _ in "0" } }).joined(separator: "\n")
    }

    /// Servers sharing a PostgreSQL database keep answers of an account's reads; another server's
    /// write must end them at once. Each account's generation counts the transactions that changed
    /// its rows, added to by the writing transaction itself, so a reader that sees the new
    /// generation also sees the write, and one that kept an answer under the old one finds it
    /// changed.
    ///
    /// The triggers are deferred to the commit, and each transaction adds to an account's
    /// generation once (a transaction-local setting remembers it): the generation's row is then
    /// the last lock a write takes. Taken at each statement, it deadlocked writes of one account
    /// that lock the same rows in another order (a photo deleted while a wish takes it).
    @Sendable static func createAccountGenerations(_ connection: PostgresConnection) throws {
        func bumping(_ function: String, account: (_ row: String) -> String) -> String {
            """
            CREATE FUNCTION \(function)() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'DELETE' THEN
                    PERFORM bump_account_generation(\(account("OLD")));
                ELSE
                    PERFORM bump_account_generation(\(account("NEW")));
                END IF;
                RETURN NULL;
            END $$;
            """
        }
        func trigger(_ table: String, _ function: String) -> String {
            """
            CREATE CONSTRAINT TRIGGER \(table)_generation AFTER INSERT OR UPDATE OR DELETE ON \(table)
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION \(function)();
            """
        }
        var sql = [
            """
            CREATE TABLE account_generations (
                account_id BIGINT PRIMARY KEY,
                generation BIGINT NOT NULL
            );
            CREATE FUNCTION bump_account_generation(account BIGINT) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                IF account IS NULL OR current_setting('wishlist.generation_' || account, true) = 'counted' THEN
                    RETURN;
                END IF;
                PERFORM set_config('wishlist.generation_' || account, 'counted', true);
                INSERT INTO account_generations AS g (account_id, generation) VALUES (account, 1)
                ON CONFLICT (account_id) DO UPDATE SET generation = g.generation + 1;
            END $$;
            """,
            bumping("bump_owner_generation") { "\($0).owner_id" },
            bumping("bump_everyone_generation") { _ in "0" }
        ]
        sql += tablesOfAnAccount.map { trigger($0, "bump_owner_generation") }
        sql += tablesOfEveryone.map { trigger($0, "bump_everyone_generation") }
        for (table, records, column) in tablesOfARecord {
            let function = "bump_\(table)_generation"
            sql.append(bumping(function) { "(SELECT owner_id FROM \(records) WHERE id = \($0).\(column))" })
            sql.append(trigger(table, function))
        }
        try connection.execute(sql.joined(separator: "\n"))
    }
}
