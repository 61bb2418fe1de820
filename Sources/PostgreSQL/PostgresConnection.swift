import CPostgres
import Foundation

/// One connection to a PostgreSQL server, made from a libpq URL. Not thread-safe by itself:
/// `PostgresPool` lends it to one thread at a time.
///
/// Every call blocks its thread until the server has answered (libpq's synchronous calls): no
/// event loop is needed, and the pool bounds how many threads can be waiting on the server at once.
/// Statements run with arguments are prepared once per connection, on first use, and found again by
/// their SQL text; their parameters are PostgreSQL's `$1`, `$2`… with an array of arguments, or
/// `:name` with `PostgresNamedArguments`. Results come whole, in libpq's text format, and are read
/// as typed values.
public final class PostgresConnection {
    /// Nil once closed; every operation then throws `.connectionDoesNotExist`.
    private var handle: OpaquePointer?
    private var statements = PostgresStatementCache(capacity: 128)
    private var namedStatements = NamedParameterSQLCache(capacity: 256)
    /// How deep `transaction` calls are nested, which names their savepoints.
    var transactionDepth = 0
    /// How many statements this connection has prepared on the server since it opened.
    public private(set) var preparedStatementCount = 0
    /// How many times this connection has sent the server something and waited for its answer.
    public private(set) var roundTripCount = 0
    /// The `BEGIN` of a transaction none of whose statements has been sent yet: it goes with the
    /// first prepared statement, in one round trip (`cpostgres_exec_pipeline`), or ahead of
    /// the first `execute`.
    var pendingBegin: String?
    /// Whether a read's `COMMIT` was sent whose answer is still to be read (`readTransaction`): it
    /// is read first at the connection's next use (`open`), and the session counts as idle.
    var unreadCommit = false
    /// Whether the session now plans each run for its values (`planned(forValues:)`); nil when
    /// not known, after rolling back to a savepoint.
    var plansForValues: Bool? = false
    /// The `SET LOCAL plan_cache_mode` that makes `plansForValues` true of the session, not sent
    /// yet: it goes with the next prepared statement, in its round trip.
    private var pendingPlanning: String?
    /// Where the outermost read transaction stands (`readTransaction`), whose `COMMIT` can go with
    /// its last statements (``lastQueriesOfRead(_:)``).
    var read = ReadState.none

    enum ReadState {
        /// No read transaction, or one nested in another transaction.
        case none
        case open
        /// Its `COMMIT` went with its last statements: the read runs no more.
        case committed
    }

    /// Connects to the server `url` names: a URI (`postgresql://user@host:5432/db?sslmode=require`,
    /// a unix socket's folder as `host=/run/postgresql` in the query) or a `key=value` string.
    ///
    /// - Parameters:
    ///   - applicationName: what `pg_stat_activity` shows for the session unless the URL sets
    ///     `application_name`.
    ///   - connectTimeout: seconds to wait for the server unless the URL sets `connect_timeout`.
    /// - Throws: `PostgresError` with `.unableToConnect` when libpq is missing, the URL is
    ///   malformed, or the server cannot be reached; the server's own code when it refused (a wrong
    ///   password is `28P01`, a missing database `3D000`).
    public init(url: String, applicationName: String? = nil, connectTimeout: Int = 10) throws {
        try Self.validate(url: url)
        guard let connection = cpostgres_connect(url, applicationName, Int32(clamping: connectTimeout)) else {
            throw PostgresError(code: .outOfMemory, message: "libpq could not allocate a connection")
        }
        guard cpostgres_is_connected(connection) else {
            let reason = PostgresResult.trimmed(String(cString: cpostgres_connection_error(connection)))
            cpostgres_finish(connection)
            throw PostgresError(code: Self.refusal(in: reason), message: reason)
        }
        handle = connection
        // Statements are prepared and planned once, for any values: planning each run was 60 % of
        // PostgreSQL's time for a page of the wish list. A statement whose values decide its plan
        // says so in its arguments and is planned for each run's values (`planned(forValues:)`).
        // JIT compiling is off. It pays only for long analytic queries, and it compiles at every
        // run: a generic plan costs `LIMIT $n` as a tenth of the rows, so a page's statement can be
        // costed past `jit_above_cost`, and one that was took 15 ms to compile for 1 ms of work.
        // Memoize is off. A generic plan cannot tell that a page's join looks each key up once, so it
        // put a cache in front of the lookups that every key missed: the tag filter's page took
        // 67–69 µs with it and 47–50 µs without (`pg_stat_statements`); no other read measured changed.
        try execute("SET plan_cache_mode = \(Self.planCacheMode(forValues: false)); SET jit = off; SET enable_memoize = off")
    }

    private static func planCacheMode(forValues: Bool) -> String {
        forValues ? "force_custom_plan" : "force_generic_plan"
    }

    deinit {
        if let handle { cpostgres_finish(handle) }
    }

    /// Checks that libpq can read `url`, without connecting: a mistake in it is found at start-up
    /// rather than at the first query. Loads libpq.
    public static func validate(url: String) throws {
        try LibPQ.load()
        var reason: UnsafeMutablePointer<CChar>?
        guard cpostgres_check_url(url, &reason) else {
            defer { if let reason { cpostgres_free(reason) } }
            let text = reason.map { PostgresResult.trimmed(String(cString: $0)) } ?? "out of memory"
            throw PostgresError(code: .unableToConnect, message: "not a PostgreSQL URL libpq can read: \(text)")
        }
    }

    /// Whether the server `url` names runs on this machine: reached through a unix socket (the URL
    /// names no host, nor does `PGHOST`, or it names a socket's folder) or at a loopback address
    /// (`localhost`, 127.x.x.x, ::1). A URL naming several hosts is local only if all of them are.
    /// Loads libpq.
    public static func isOnThisMachine(url: String) throws -> Bool {
        try validate(url: url)
        func value(_ keyword: String) -> String? {
            guard let value = cpostgres_url_value(url, keyword) else { return nil }
            defer { free(value) }
            return String(cString: value)
        }
        func isLocal(_ hosts: String) -> Bool {
            hosts.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { host in
                host.isEmpty || host.hasPrefix("/") || host.hasPrefix("@") || host == "localhost" || host.hasPrefix("127.")
                    || host == "::1"
            }
        }
        if let addresses = value("hostaddr") { return isLocal(addresses) }
        return isLocal(value("host") ?? ProcessInfo.processInfo.environment["PGHOST"] ?? "")
    }

    /// libpq reports a refused connection as text only; the server's reason for the usual refusals
    /// is in it (in English unless the server's `lc_messages` says otherwise, when this falls back
    /// to "could not connect" too).
    private static func refusal(in reason: String) -> SQLState {
        if reason.contains("password authentication failed") { return .invalidPassword }
        if reason.contains("does not exist") && reason.contains("database") { return .databaseDoesNotExist }
        if reason.contains("the database system is starting up") || reason.contains("shutting down") { return .cannotConnectNow }
        return .unableToConnect
    }

    /// Ends the session; later calls throw `.connectionDoesNotExist`. Closing twice is harmless.
    public func close() {
        if let handle { cpostgres_finish(handle) }
        handle = nil
    }

    /// The server process serving this session (`pg_backend_pid()`), 0 once closed.
    public var backendPID: Int32 {
        handle.map { cpostgres_backend_pid($0) } ?? 0
    }

    /// Whether the connection is open and was not found broken. It is found broken by a call that
    /// failed for it, or by `checkAlive`, never ahead of that.
    public var isConnected: Bool {
        handle.map { cpostgres_is_connected($0) } ?? false
    }

    /// Reads, without waiting, what the server sent while the connection sat idle: a terminated
    /// session's farewell and closed socket make this false. Costs two non-blocking reads, and the
    /// reading of a read's `COMMIT` answer when one is still unread (`open`).
    func checkAlive() -> Bool {
        guard let handle, cpostgres_poll_alive(handle) else { return false }
        return (try? open()) != nil
    }

    /// libpq's, or a transaction already, when its `BEGIN` waits for its first statement.
    var transactionStatus: CPostgresTransactionStatus {
        if pendingBegin != nil { return CPOSTGRES_TRANSACTION_IN_TRANSACTION }
        if unreadCommit { return CPOSTGRES_TRANSACTION_IDLE }
        return handle.map { cpostgres_transaction_status($0) } ?? CPOSTGRES_TRANSACTION_UNKNOWN
    }

    /// Whether a transaction is open on this connection (also one a failed statement aborted).
    public var isInTransaction: Bool {
        let status = transactionStatus
        return status == CPOSTGRES_TRANSACTION_IN_TRANSACTION || status == CPOSTGRES_TRANSACTION_IN_ERROR
    }

    // MARK: - Running SQL

    /// Runs one or more `;`-separated statements without parameters, e.g. a schema script (the
    /// simple query protocol: nothing is prepared). Outside a transaction the statements of one
    /// call commit or fail together.
    public func execute(_ sql: String) throws {
        try checkReadGoesOn(sql)
        let connection = try open()
        if let begin = pendingBegin {
            pendingBegin = nil
            try execute(begin)
        }
        defer {
            // A transaction's end (`COMMIT`, `ROLLBACK`) undid its `SET LOCAL`.
            if transactionStatus == CPOSTGRES_TRANSACTION_IDLE { plansForValues = false }
        }
        roundTripCount += 1
        _ = try PostgresResult(cpostgres_exec(connection, sql), connection: connection, sql: sql)
    }

    /// Runs one statement with arguments bound to `$1`, `$2`…; answers how many rows it inserted,
    /// updated or deleted.
    @discardableResult
    public func run(_ sql: String, _ arguments: [any PostgresBindable] = []) throws -> Int {
        try perform(sql, positional: arguments).affectedRows
    }

    /// Runs one statement with arguments bound to its named parameters (`:name`).
    @discardableResult
    public func run(_ sql: String, _ arguments: PostgresNamedArguments) throws -> Int {
        try perform(sql, named: arguments).affectedRows
    }

    /// All rows of one statement.
    public func query(_ sql: String, _ arguments: [any PostgresBindable] = []) throws -> [PostgresRow] {
        try perform(sql, positional: arguments).rows()
    }

    /// All rows of one statement whose parameters are named.
    public func query(_ sql: String, _ arguments: PostgresNamedArguments) throws -> [PostgresRow] {
        try perform(sql, named: arguments).rows()
    }

    /// All rows of each statement, whose parameters are named, in order: sent all at once and
    /// answered in one round trip (libpq's pipeline mode), with a transaction's `BEGIN` when they
    /// are its first. They are planned alike: for their values when any says its values decide the
    /// plan. The first failure is thrown; the server skipped the statements after it.
    public func queries(_ statements: [(sql: String, arguments: PostgresNamedArguments)]) throws -> [[PostgresRow]] {
        try queries(statements, thenCommit: false)
    }

    /// ``queries(_:)`` as the last statements of a read transaction (`readTransaction`), its
    /// `COMMIT` sent with them, in their round trip: the server then wakes once for the whole read.
    /// The read runs no statement after them (one would throw). In any other transaction, or
    /// outside one, the same as `queries(_:)`.
    public func lastQueriesOfRead(_ statements: [(sql: String, arguments: PostgresNamedArguments)]) throws
        -> [[PostgresRow]]
    {
        // Only the outermost read ends here: one nested in it is a savepoint.
        guard read == .open, transactionDepth == 1 else { return try queries(statements) }
        return try queries(statements, thenCommit: true)
    }

    private func queries(_ statements: [(sql: String, arguments: PostgresNamedArguments)], thenCommit: Bool) throws
        -> [[PostgresRow]]
    {
        guard !statements.isEmpty else { return [] }
        let bound = try statements.map { try bind($0.arguments, to: $0.sql) }
        let forValues = statements.map(\.arguments.valuesDecideThePlan)
        guard transactionStatus == CPOSTGRES_TRANSACTION_IN_TRANSACTION, Set(forValues).count > 1 else {
            return try planned(forValues: forValues.contains(true)) {
                try perform(bound, thenCommit: thenCommit)
            }.map { try $0.rows() }
        }
        return try plannedEach(bound, forValues: forValues, thenCommit: thenCommit).map { try $0.rows() }
    }

    /// Statements of which some are planned for their values and some not, in a transaction: each
    /// planned its own way, the session's setting changed between them by a `set_config` (the
    /// `SET LOCAL` of a prepared statement, 3–4 µs) in the same round trip. Planning them all for
    /// their values would plan a page's photos and prices, sent with a search's next statements,
    /// afresh at every run, where a search's own plans for its values took 87–169 µs each.
    private func plannedEach(
        _ statements: [(sql: String, values: [PostgresParameter])], forValues: [Bool], thenCommit: Bool
    ) throws -> [PostgresResult] {
        var sent: [(sql: String, values: [PostgresParameter])] = []
        var answers: [Int] = []
        var inForce = plansForValues
        for (statement, planning) in zip(statements, forValues) {
            if inForce != planning {
                sent.append((sql: Self.settingPlanning(forValues: planning), values: []))
                inForce = planning
            }
            answers.append(sent.count)
            sent.append(statement)
        }
        // Not known should they fail part way.
        plansForValues = nil
        let results = try perform(sent, thenCommit: thenCommit)
        // The read's `COMMIT` undid the settings.
        plansForValues = thenCommit ? false : inForce
        return answers.map { results[$0] }
    }

    /// The statement that plans the transaction's next statements for their values or not, as
    /// `SET LOCAL plan_cache_mode` does: a `SELECT`, so that it is prepared like any other.
    private static func settingPlanning(forValues: Bool) -> String {
        "SELECT set_config('plan_cache_mode', '\(planCacheMode(forValues: forValues))', true)"
    }

    /// The first row, or nil when there is none.
    public func queryFirst(_ sql: String, _ arguments: [any PostgresBindable] = []) throws -> PostgresRow? {
        try query(sql, arguments).first
    }

    /// The first row of a statement whose parameters are named.
    public func queryFirst(_ sql: String, _ arguments: PostgresNamedArguments) throws -> PostgresRow? {
        try query(sql, arguments).first
    }

    /// The first column of the first row: nil when there is no row or the value is NULL.
    public func scalar<T: PostgresColumnDecodable>(_ sql: String, _ arguments: [any PostgresBindable] = []) throws -> T? {
        try queryFirst(sql, arguments)?.firstValue()
    }

    /// The first column of the first row of a statement whose parameters are named.
    public func scalar<T: PostgresColumnDecodable>(_ sql: String, _ arguments: PostgresNamedArguments) throws -> T? {
        try queryFirst(sql, arguments)?.firstValue()
    }

    /// The first column of every row.
    public func column<T: PostgresColumnDecodable>(_ sql: String, _ arguments: [any PostgresBindable] = []) throws -> [T] {
        try query(sql, arguments).map { try $0[0] as T }
    }

    /// The first column of every row of a statement whose parameters are named.
    public func column<T: PostgresColumnDecodable>(_ sql: String, _ arguments: PostgresNamedArguments) throws -> [T] {
        try query(sql, arguments).map { try $0[0] as T }
    }

    private func perform(_ sql: String, positional arguments: [any PostgresBindable]) throws -> PostgresResult {
        try planned(forValues: false) { try perform(sql, arguments.map(\.postgresParameter)) }
    }

    private func perform(_ sql: String, named arguments: PostgresNamedArguments) throws -> PostgresResult {
        let bound = try bind(arguments, to: sql)
        return try planned(forValues: arguments.valuesDecideThePlan) { try perform(bound.sql, bound.values) }
    }

    /// `sql` with `$n` in place of each `:name` (`namedStatements`), and the values in `$n` order.
    /// The statement cache's key is that text, so a statement is prepared once.
    private func bind(_ arguments: PostgresNamedArguments, to sql: String) throws -> (sql: String, values: [PostgresParameter]) {
        let statement = try namedStatements.statement(sql)
        return (statement.positionalSQL, try arguments.bind(to: statement, of: sql))
    }

    /// Runs `body` with its statement planned for its run's values, or with the generic plan.
    ///
    /// The generic plan cannot see which optional filters are NULL or how many records a search
    /// word matches: for the spot search of "카페" it chose nested loops that took 5 s where the
    /// plan for the values took 20 ms. Planning every statement for its values, though, took longer
    /// than running most of them. In a transaction the session's setting is changed with `SET
    /// LOCAL` only where the wanted planning differs from the last statement's, sent ahead of the
    /// statement in its round trip, and the transaction's end puts the generic plans back; outside
    /// one, it is set for the statement and set back after it.
    private func planned<T>(forValues: Bool, _ body: () throws -> T) throws -> T {
        switch transactionStatus {
        case CPOSTGRES_TRANSACTION_IDLE:
            plansForValues = false
            guard forValues else { return try body() }
            try execute("SET plan_cache_mode = \(Self.planCacheMode(forValues: true))")
            defer { try? execute("SET plan_cache_mode = \(Self.planCacheMode(forValues: false))") }
            return try body()
        case CPOSTGRES_TRANSACTION_IN_TRANSACTION where plansForValues != forValues:
            // Sent in the statement's own round trip (`perform`). Should nothing be sent, the
            // setting in force is still the one before.
            let before = plansForValues
            pendingPlanning = "SET LOCAL plan_cache_mode = \(Self.planCacheMode(forValues: forValues))"
            plansForValues = forValues
            defer {
                if pendingPlanning != nil { (pendingPlanning, plansForValues) = (nil, before) }
            }
            return try body()
        default:
            return try body()
        }
    }

    /// Runs `sql`'s prepared statement, preparing it first if this connection has not yet.
    private func perform(_ sql: String, _ values: [PostgresParameter]) throws -> PostgresResult {
        try perform([(sql, values)])[0]
    }

    /// Runs each statement's prepared statement in order, preparing it first if this connection has
    /// not yet. More than one, or a transaction's `BEGIN` waiting for its first statement, or a
    /// `SET LOCAL` of the planning waiting for its statement (`pendingPlanning`), or the read's
    /// `COMMIT` after them (`thenCommit`), go all at once and are answered in one round trip
    /// (`cpostgres_exec_pipeline`).
    private func perform(
        _ statements: [(sql: String, values: [PostgresParameter])], thenCommit: Bool = false, isRetry: Bool = false
    ) throws -> [PostgresResult] {
        try checkReadGoesOn(statements[0].sql)
        let connection = try open()
        let buffers = try statements.map { try ParameterBuffer($0.values, sql: $0.sql) }
        let names = try statements.map { try statementName(for: $0.sql, connection) }
        do {
            let openings = [pendingBegin, pendingPlanning].compactMap { $0 }
            roundTripCount += 1
            if statements.count == 1, openings.isEmpty, !thenCommit {
                return [
                    try buffers[0].withPointers { values, lengths, formats in
                        try PostgresResult(
                            cpostgres_exec_prepared(connection, names[0], Int32(buffers[0].count), values, lengths, formats),
                            connection: connection, sql: statements[0].sql)
                    }
                ]
            }
            (pendingBegin, pendingPlanning) = (nil, nil)
            var openingResults = [OpaquePointer?](repeating: nil, count: openings.count)
            var results = [OpaquePointer?](repeating: nil, count: statements.count)
            var closingResult: OpaquePointer?
            let sent = ParameterBuffer.withPointers(of: buffers) { values, lengths, formats in
                withCStrings(openings + names) { strings in
                    cpostgres_exec_pipeline(
                        connection, Int32(openings.count), Array(strings.prefix(openings.count)), &openingResults,
                        Int32(statements.count), Array(strings.dropFirst(openings.count)), buffers.map { Int32($0.count) },
                        values, lengths, formats, &results, thenCommit ? "COMMIT" : nil, &closingResult)
                }
            }
            // Every result is taken (and freed) before the first failure among them is thrown.
            let opened = zip(openingResults, openings).map { result, opening in
                Result { try PostgresResult(result, connection: connection, sql: opening) }
            }
            let answers = zip(results, statements).map { result, statement in
                Result { try PostgresResult(result, connection: connection, sql: statement.sql) }
            }
            let committed = thenCommit ? Result { try PostgresResult(closingResult, connection: connection, sql: "COMMIT") } : nil
            guard sent else { throw PostgresResult.connectionError(connection, sql: openings.first ?? statements[0].sql) }
            for opening in opened { _ = try opening.get() }
            let rows = try answers.map { try $0.get() }
            if let committed {
                _ = try committed.get()
                read = .committed
                // The transaction's end undid its `SET LOCAL`.
                plansForValues = false
            }
            return rows
        } catch let error as PostgresError where error.code == .featureNotSupported {
            // "cached plan must not change result type": a table the statement reads changed shape
            // since it was prepared (`SELECT *` after `ALTER TABLE … ADD COLUMN`). The statements are
            // prepared afresh. Outside a transaction the failed one changed nothing and aborted
            // nothing, so they run again at once; inside one, the transaction is lost all the same.
            for statement in statements { forget(statement.sql) }
            guard !isRetry, transactionStatus == CPOSTGRES_TRANSACTION_IDLE else { throw error }
            return try perform(statements, thenCommit: thenCommit, isRetry: true)
        }
    }

    /// Refuses `sql` in a read transaction whose `COMMIT` has gone (``lastQueriesOfRead(_:)``): it
    /// would run outside the read, on another snapshot.
    func checkReadGoesOn(_ sql: String) throws {
        guard read != .committed else {
            throw PostgresError(code: .noActiveTransaction, message: "a statement after its read's COMMIT: \(sql)")
        }
    }

    /// Calls `body` with a C string of each of `strings`, valid only during the call.
    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        return try body(copies.map { UnsafePointer($0) })
    }

    private func statementName(for sql: String, _ connection: OpaquePointer) throws -> String {
        if let name = statements.name(of: sql) { return name }
        let (name, evicted) = statements.newName()
        if let evicted {
            // Fails only in an aborted transaction, where preparing fails too; the statement then
            // stays on the server until the session ends, under a name never used again.
            try? execute("DEALLOCATE \(evicted)")
        }
        roundTripCount += 1
        _ = try PostgresResult(cpostgres_prepare(connection, name, sql), connection: connection, sql: sql)
        statements.insert(sql, name: name)
        preparedStatementCount += 1
        return name
    }

    private func forget(_ sql: String) {
        guard let name = statements.remove(sql) else { return }
        if transactionStatus == CPOSTGRES_TRANSACTION_IDLE { try? execute("DEALLOCATE \(name)") }
    }

    /// The connection, once the answer to a read's `COMMIT` sent without waiting has been read (a
    /// lost connection then throws here, at its next use).
    func open() throws -> OpaquePointer {
        guard let handle else {
            throw PostgresError(code: .connectionDoesNotExist, message: "the PostgreSQL connection is closed")
        }
        if unreadCommit {
            unreadCommit = false
            _ = try PostgresResult(cpostgres_await_result(handle), connection: handle, sql: "COMMIT")
        }
        return handle
    }
}
