import Crypto
import Foundation
import WishlistCore

/// Sign-in sessions: started, used, listed as devices, ended. A session is kept only as the SHA-256
/// digest of its cookie's token (`token_hash`), so a copy of the database signs nobody in.
public struct SessionRepository: Sendable {
    let database: StoreDatabase

    public func createSession(for key: UserKey, tokenHash: [UInt8], userAgent: String?, now: Date, expiresAt: Date) throws {
        try database.write { db in
            try db.run(
                """
                INSERT INTO sessions (uuid, token_hash, user_id, created_at, last_used_at, expires_at, user_agent)
                VALUES (:uuid, :hash, :user, :now, :now, :expiresAt, :userAgent)
                """,
                [
                    "uuid": SecureRandom.uuid().lowercasedString, "hash": Data(tokenHash), "user": key.rawValue,
                    "now": now.millisecondsSince1970,
                    "expiresAt": expiresAt.millisecondsSince1970, "userAgent": userAgent
                ])
            try db.run("UPDATE users SET last_seen_at = :now WHERE id = :user", ["now": now.millisecondsSince1970, "user": key.rawValue])
        }
    }

    /// The account of a session that has neither reached its maximum age by `now` nor been unused
    /// since `idleSince`, with the session's id, last use and maximum age; nil otherwise, and nil for
    /// a disabled account (disabling ends its sessions too; this also covers one started while it
    /// was being disabled).
    public func account(sessionTokenHash: [UInt8], now: Date, idleSince: Date) throws
        -> (account: Account, sessionID: UUID, lastUsedAt: Date, expiresAt: Date)?
    {
        try database.readOneStatement { db in
            guard let row = try db.queryFirst(Self.lookup, Self.lookupArguments(Data(sessionTokenHash), now: now, idleSince: idleSince))
            else { return nil }
            return (
                try UserRepository.account(row), try UUID(storedText: row["session_uuid"]),
                Date(millisecondsSince1970: try row["last_used_at"]),
                Date(millisecondsSince1970: try row["expires_at"])
            )
        }
    }

    /// The check that the session is still live (as ``account(sessionTokenHash:now:idleSince:)``
    /// finds it) and names `account`, for a request that trusts it (see `CredentialCheck`).
    package func check(sessionTokenHash: [UInt8], now: Date, idleSince: Date, names account: Account) -> CredentialCheck {
        let hash = Data(sessionTokenHash)
        return CredentialCheck(
            sql: Self.lookup, arguments: { Self.lookupArguments(hash, now: now, idleSince: idleSince) }, expecting: account,
            database: database)
    }

    /// The account of the session `:hash` still live at `:now` and used since `:idleSince`, unless
    /// the account is disabled, with the session's id, last use and maximum age.
    private static let lookup = """
        SELECT \(UserRepository.columns), sessions.uuid AS session_uuid, sessions.last_used_at,
            sessions.expires_at
        FROM sessions JOIN users ON users.id = sessions.user_id
        WHERE sessions.token_hash = :hash AND sessions.expires_at > :now AND sessions.last_used_at > :idleSince
            AND users.disabled_at IS NULL
        """

    private static func lookupArguments(_ hash: Data, now: Date, idleSince: Date) -> SQLArguments {
        ["hash": hash, "now": now.millisecondsSince1970, "idleSince": idleSince.millisecondsSince1970]
    }

    /// Notes a use of the session, which is its account's last sighting too; no cached answer
    /// shows either, so none is made stale.
    public func markSessionUsed(_ id: UUID, now: Date) throws {
        try database.write(counted: false) { db in
            let arguments: SQLArguments = ["now": now.millisecondsSince1970, "session": id.lowercasedString]
            try db.run("UPDATE sessions SET last_used_at = :now WHERE uuid = :session", arguments)
            try db.run("UPDATE users SET last_seen_at = :now WHERE id = (SELECT user_id FROM sessions WHERE uuid = :session)", arguments)
        }
    }

    /// The account's live sessions, most recently used first; `current` marks the one with
    /// `currentTokenHash`, and each ends at its maximum age or `idleTimeout` after its last use.
    public func sessions(for key: UserKey, currentTokenHash: [UInt8]?, idleTimeout: TimeInterval, now: Date) throws
        -> [SignInSession]
    {
        let idleSince = now.addingTimeInterval(-idleTimeout)
        return try database.read { db in
            try db.query(
                """
                SELECT uuid, token_hash, created_at, last_used_at, expires_at, user_agent FROM sessions
                WHERE user_id = :user AND expires_at > :now AND last_used_at > :idleSince ORDER BY last_used_at DESC, id DESC
                """,
                ["user": key.rawValue, "now": now.millisecondsSince1970, "idleSince": idleSince.millisecondsSince1970]
            ).map { row in
                let lastUsed = Date(millisecondsSince1970: try row["last_used_at"])
                let hash: Data = try row["token_hash"]
                return SignInSession(
                    id: try UUID(storedText: row["uuid"]), createdAt: Date(millisecondsSince1970: try row["created_at"]),
                    lastUsedAt: lastUsed,
                    expiresAt: min(Date(millisecondsSince1970: try row["expires_at"]), lastUsed.addingTimeInterval(idleTimeout)),
                    userAgent: try row["user_agent"], current: currentTokenHash.map { Data($0) == hash } ?? false)
            }
        }
    }

    /// Ends one of the account's sessions; another account's is "not found".
    public func deleteSession(_ id: UUID, for key: UserKey) throws {
        try database.write { db in
            let deleted = try db.run(
                "DELETE FROM sessions WHERE uuid = :session AND user_id = :user", ["session": id.lowercasedString, "user": key.rawValue])
            guard deleted == 1 else { throw StoreError.notFound("session with this id") }
        }
    }

    public func deleteSession(tokenHash: [UInt8]) throws {
        try database.write { db in try db.run("DELETE FROM sessions WHERE token_hash = :hash", ["hash": Data(tokenHash)]) }
    }

    /// Deletes the sessions past their maximum age or unused since `idleSince`.
    public func deleteExpiredSessions(now: Date, idleSince: Date) throws {
        try database.write { db in
            try db.run(
                "DELETE FROM sessions WHERE expires_at <= :now OR last_used_at <= :idleSince",
                ["now": now.millisecondsSince1970, "idleSince": idleSince.millisecondsSince1970])
        }
    }
}
