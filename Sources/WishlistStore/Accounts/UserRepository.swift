import Foundation
import SQLite
import WishlistCore

/// Users: their accounts, passwords, whether they are disabled, and what an administrator sees
/// of them. Ending an account's sign-ins here (a new password, disabling) ends its sessions and
/// API tokens in the same transaction.
public struct UserRepository: Sendable {
    let pool: DatabasePool

    /// The user columns every query that answers an `Account` selects (`account(_:)` reads them).
    static let columns =
        "users.id, users.uuid, users.username, users.is_admin, users.created_at, users.must_change_password"
    /// What an administrator's list shows of an account; counting by the owner indexes is cheap.
    private static let summaryColumns = """
        \(columns), users.disabled_at, users.last_seen_at,
        (SELECT count(*) FROM wishes WHERE wishes.owner_id = users.id) AS wish_count,
        (SELECT count(*) FROM photos WHERE photos.owner_id = users.id) AS photo_count
        """

    public func userCount() throws -> Int {
        try pool.read { db in try db.scalar("SELECT count(*) FROM users") ?? 0 }
    }

    /// Creates the first account, an admin, only while there is none: one transaction, so two
    /// set-up requests at once cannot both succeed.
    public func createFirstAdmin(username: String, passwordHash: String, now: Date) throws -> Account {
        try pool.write { db in
            let count: Int = try db.scalar("SELECT count(*) FROM users") ?? 0
            guard count == 0 else { throw StoreError.alreadySetUp }
            return try insertUser(db, username: username, passwordHash: passwordHash, isAdmin: true, now: now)
        }
    }

    /// With `mustChangePassword` (a temporary password) the person must choose a new one once signed in.
    public func createUser(
        username: String, passwordHash: String, isAdmin: Bool, mustChangePassword: Bool = false, now: Date
    ) throws -> Account {
        try pool.write { db in
            try insertUser(
                db, username: username, passwordHash: passwordHash, isAdmin: isAdmin, mustChangePassword: mustChangePassword, now: now)
        }
    }

    /// The account, its password hash and whether it is disabled, for signing in.
    public func credentials(username: String) throws -> (account: Account, passwordHash: String, isDisabled: Bool)? {
        try pool.read { db in
            guard
                let row = try db.queryFirst(
                    "SELECT \(Self.columns), users.password_hash, users.disabled_at FROM users WHERE username = ?",
                    [username])
            else { return nil }
            return (try Self.account(row), try row["password_hash"], try row["disabled_at"] as Int64? != nil)
        }
    }

    /// Replaces the password hash and ends every session and API token of the account: a password
    /// set by an administrator signs out everywhere, since whoever knew the old one may hold them.
    /// With `mustChange` (a temporary password) the person must choose a new one once signed in.
    public func setPasswordHash(_ passwordHash: String, username: String, mustChange: Bool) throws {
        try pool.write { db in
            let id = try Self.userID(username: username, db)
            try db.run(
                "UPDATE users SET password_hash = ?, must_change_password = ? WHERE id = ?", [passwordHash, mustChange, id])
            try Self.endSignIns(of: id, keepingToken: nil, db)
        }
    }

    /// The account's own change of password: the new hash (a temporary password's duty done), and
    /// every session and API token of the account ended but the API token `keepingToken` (the one
    /// the change was made with, if any); a session that made the change is given a new one by the caller.
    public func changePasswordHash(_ passwordHash: String, for key: UserKey, keepingToken: [UInt8]?) throws {
        try pool.write { db in
            try db.run(
                "UPDATE users SET password_hash = ?, must_change_password = 0 WHERE id = ?", [passwordHash, key.rawValue])
            guard db.changes == 1 else { throw StoreError.notFound("account") }
            try Self.endSignIns(of: key.rawValue, keepingToken: keepingToken, db)
        }
    }

    /// The same password hashed anew with today's cost (at sign-in): nobody is signed out.
    public func rehashPassword(_ passwordHash: String, username: String) throws {
        try pool.write { db in
            try db.run("UPDATE users SET password_hash = ? WHERE username = ?", [passwordHash, username])
        }
    }

    /// Disables the account (`disabled` true) or enables it again. Disabling ends every session
    /// and API token of the account in the same transaction, so its next request is refused; enabling
    /// lets it sign in again with its password, and brings none of them back. The last enabled
    /// administrator cannot be disabled. Doing either twice changes nothing more.
    public func setDisabled(_ disabled: Bool, username: String, now: Date) throws {
        try pool.write { db in
            let id = try Self.userID(username: username, db)
            guard disabled else {
                try db.run("UPDATE users SET disabled_at = NULL WHERE id = ?", [id])
                return
            }
            let isAdmin: Bool = try db.scalar("SELECT is_admin FROM users WHERE id = ?", [id]) ?? false
            let otherAdmins: Int =
                try db.scalar(
                    "SELECT count(*) FROM users WHERE is_admin = 1 AND disabled_at IS NULL AND id != ?", [id]) ?? 0
            if isAdmin, otherAdmins == 0 { throw AccountAdministrationError.lastAdmin }
            try db.run(
                "UPDATE users SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?", [now.millisecondsSince1970, id])
            try Self.endSignIns(of: id, keepingToken: nil, db)
        }
    }

    /// Every account as an administrator sees it, by username.
    public func summaries() throws -> [AccountSummary] {
        try pool.read { db in
            try db.query("SELECT \(Self.summaryColumns) FROM users ORDER BY username").map(Self.summary)
        }
    }

    /// One account as an administrator sees it.
    public func summary(username: String) throws -> AccountSummary {
        try pool.read { db in
            guard let row = try db.queryFirst("SELECT \(Self.summaryColumns) FROM users WHERE username = ?", [username])
            else { throw StoreError.notFound("account named '\(username)'") }
            return try Self.summary(row)
        }
    }

    private static func userID(username: String, _ db: Database) throws -> Int64 {
        guard let id: Int64 = try db.scalar("SELECT id FROM users WHERE username = ?", [username]) else {
            throw StoreError.notFound("account named '\(username)'")
        }
        return id
    }

    private static func endSignIns(of userID: Int64, keepingToken: [UInt8]?, _ db: Database) throws {
        try db.run("DELETE FROM sessions WHERE user_id = ?", [userID])
        if let keepingToken {
            try db.run("DELETE FROM api_tokens WHERE user_id = ? AND token_hash != ?", [userID, Data(keepingToken)])
        } else {
            try db.run("DELETE FROM api_tokens WHERE user_id = ?", [userID])
        }
    }

    /// Deletes the account and, through foreign keys, everything it owns. The search indexes have
    /// no foreign keys (and row ids can be reused), so their entries go first, one record at a time.
    public func deleteUser(username: String) throws {
        try pool.write { db in
            let id = try Self.userID(username: username, db)
            let owner = UserKey(id)
            try db.forEach("SELECT id, name, memo, link FROM wishes WHERE owner_id = ?", [id]) { row in
                let rowID: Int64 = try row["id"]
                try WishRepository.unindex(rowID: rowID, name: try row["name"], owner: owner, db)
                try WishRepository.unindexText(rowID: rowID, memo: try row["memo"], link: try row["link"], owner: owner, db)
            }
            try JournalRepository.unindexAll(owner: owner, db)
            try db.run("DELETE FROM users WHERE id = ?", [id])
        }
    }

    // MARK: Rows

    private func insertUser(
        _ db: Database, username: String, passwordHash: String, isAdmin: Bool, mustChangePassword: Bool = false, now: Date
    ) throws -> Account {
        let id = UUID()
        do {
            try db.run(
                """
                INSERT INTO users (uuid, username, password_hash, is_admin, must_change_password, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [id.lowercasedString, username, passwordHash, isAdmin, mustChangePassword, now.millisecondsSince1970])
        } catch let error as SQLiteError where error.isUniqueConstraintViolation {
            throw StoreError.conflict("The username '\(username)' is taken.")
        }
        return Account(
            key: UserKey(db.lastInsertRowID),
            user: User(
                id: id, username: username, isAdmin: isAdmin, createdAt: now.inWholeMilliseconds, mustChangePassword: mustChangePassword))
    }

    /// The account a row of `columns` describes.
    static func account(_ row: Row) throws -> Account {
        Account(
            key: UserKey(try row["id"]),
            user: User(
                id: try UUID(storedText: row["uuid"]), username: try row["username"], isAdmin: try row["is_admin"],
                createdAt: Date(millisecondsSince1970: try row["created_at"]),
                mustChangePassword: try row["must_change_password"]))
    }

    private static func summary(_ row: Row) throws -> AccountSummary {
        let user = try account(row).user
        return AccountSummary(
            id: user.id, username: user.username, isAdmin: user.isAdmin, createdAt: user.createdAt,
            disabledAt: (try row["disabled_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
            mustChangePassword: user.mustChangePassword,
            lastSeenAt: (try row["last_seen_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
            wishCount: try row["wish_count"], photoCount: try row["photo_count"])
    }
}
