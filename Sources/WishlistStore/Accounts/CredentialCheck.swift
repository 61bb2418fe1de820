import Synchronization

/// The confirmation that a request's credential (session or API token) still names the account
/// remembered for it, sent on PostgreSQL with the first statement the request runs, in the same
/// round trip, rather than as a lookup of its own ahead of it: that lookup was one of a read's
/// three round trips.
///
/// The server makes one for a read whose credential it remembers (`SessionRepository.check`,
/// `TokenRepository.check`), runs the handler with it as `pending`, and then asks `confirm()`
/// before it answers. So nothing is answered on a credential the database did not confirm:
/// - `PostgresSQLConnection` sends the check ahead of the handler's first statement and reads its
///   row first. Refused, that statement's rows are not returned, and every later statement of the
///   request is refused as well, even when the handler caught the first refusal.
/// - A handler that sent no statement, or whose statement failed, leaves `confirm()` to run the
///   check alone.
package final class CredentialCheck: Sendable {
    /// The check of the request being handled on this thread, while its handler runs.
    @TaskLocal package static var pending: CredentialCheck?

    private enum State {
        case pending
        /// Sent with a statement that failed: what the database said is not known.
        case sent
        case confirmed
        case refused
    }

    let sql: String
    let arguments: @Sendable () -> SQLArguments
    private let expected: Account
    private let database: StoreDatabase
    private let state = Mutex(State.pending)

    /// - Parameters:
    ///   - sql: the lookup of the credential, answering a row of `UserRepository.columns` when it
    ///     is live and its account is not disabled.
    ///   - expected: the account the credential is trusted to name; any difference (a new
    ///     username, an administrator no more) refuses it, and the server looks it up again.
    init(sql: String, arguments: @escaping @Sendable () -> SQLArguments, expecting expected: Account, database: StoreDatabase) {
        self.sql = sql
        self.arguments = arguments
        self.expected = expected
        self.database = database
    }

    /// The request's check when it is still to be sent, marked as sent: for the statement about to
    /// go. Nil when there is none to send.
    /// - Throws: `CredentialRefusedError` when the database refused it: the request reads no more.
    static func takePending() throws -> CredentialCheck? {
        guard let check = pending else { return nil }
        return try check.state.withLock { state in
            switch state {
            case .pending:
                state = .sent
                return check
            case .refused: throw CredentialRefusedError()
            case .sent, .confirmed: return nil
            }
        }
    }

    /// Notes what the check's rows say.
    /// - Throws: `CredentialRefusedError` when they do not name the expected account.
    func verify(_ rows: [SQLRow]) throws {
        let confirmed = try rows.first.map { try UserRepository.account($0) == expected } ?? false
        state.withLock { $0 = confirmed ? .confirmed : .refused }
        guard confirmed else { throw CredentialRefusedError() }
    }

    /// Whether the database confirmed the credential: as it said with a statement of the request,
    /// or asked now when no statement carried the check.
    package func confirm() throws -> Bool {
        let known = state.withLock { state in
            switch state {
            case .confirmed: true
            case .refused: false
            case .pending, .sent: nil as Bool?
            }
        }
        if let known { return known }
        // The request's statements are over: this one goes alone.
        let rows = try CredentialCheck.$pending.withValue(nil) {
            try database.readOneStatement { db in try db.query(sql, arguments()) }
        }
        do {
            try verify(rows)
            return true
        } catch is CredentialRefusedError {
            return false
        }
    }
}

/// A request's credential that the database no longer confirms (see `CredentialCheck`): the
/// server then looks the credential up afresh, and a credential that is gone gets 401.
package struct CredentialRefusedError: Error {}
