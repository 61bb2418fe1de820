import Crypto
import Foundation
import WishlistCore

/// Users: their accounts, passwords, whether they are disabled, and what an administrator sees
/// of them. Ending an account's sign-ins here (a new password, disabling) ends its sessions and
/// API tokens in the same transaction.
///
/// Its SQL is the same on both engines. The rules across accounts (one first administrator, never
/// disabling the last one) are checked in writes that take `StoreLock.accounts`, so that on
/// PostgreSQL two such writes at once run one after the other, as every write does on SQLite.
public struct UserRepository: Sendable {
    let database: StoreDatabase

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
        try database.read { db in try db.scalar("SELECT count(*) FROM users") ?? 0 }
    }

    /// Creates the first account, an admin, only while there is none: one transaction holding
    /// `StoreLock.accounts`, so two set-up requests at once cannot both succeed.
    public func createFirstAdmin(username: String, passwordHash: String, now: Date) throws -> Account {
        try database.write(locking: .accounts) { db in
            let count: Int = try db.scalar("SELECT count(*) FROM users") ?? 0
            guard count == 0 else { throw StoreError.alreadySetUp }
            return try insertUser(db, username: username, passwordHash: passwordHash, isAdmin: true, now: now)
        }
    }

    /// With `mustChangePassword` (a temporary password) the person must choose a new one once signed in.
    public func createUser(
        username: String, passwordHash: String, isAdmin: Bool, mustChangePassword: Bool = false, now: Date
    ) throws -> Account {
        try database.write { db in
            try insertUser(
                db, username: username, passwordHash: passwordHash, isAdmin: isAdmin, mustChangePassword: mustChangePassword, now: now)
        }
    }

    /// The account, its password hash and whether it is disabled, for signing in.
    public func credentials(username: String) throws -> (account: Account, passwordHash: String, isDisabled: Bool)? {
        try database.read { db in
            guard
                let row = try db.queryFirst(
                    "SELECT \(Self.columns), users.password_hash, users.disabled_at FROM users WHERE username = :username",
                    ["username": username])
            else { return nil }
            return (try Self.account(row), try row["password_hash"], try row["disabled_at"] as Int64? != nil)
        }
    }

    /// Replaces the password hash and ends every session and API token of the account: a password
    /// set by an administrator signs out everywhere, since whoever knew the old one may hold them.
    /// With `mustChange` (a temporary password) the person must choose a new one once signed in.
    public func setPasswordHash(_ passwordHash: String, username: String, mustChange: Bool) throws {
        try database.write { db in
            let id = try Self.userID(username: username, db)
            try db.run(
                "UPDATE users SET password_hash = :hash, must_change_password = :mustChange WHERE id = :id",
                ["hash": passwordHash, "mustChange": mustChange, "id": id])
            try Self.endSignIns(of: id, keepingToken: nil, db)
        }
    }

    /// The account's own change of password: the new hash (a temporary password's duty done), and
    /// every session and API token of the account ended but the API token `keepingToken` (the one
    /// the change was made with, if any); a session that made the change is given a new one by the caller.
    public func changePasswordHash(_ passwordHash: String, for key: UserKey, keepingToken: [UInt8]?) throws {
        try database.write { db in
            let changed = try db.run(
                "UPDATE users SET password_hash = :hash, must_change_password = FALSE WHERE id = :id",
                ["hash": passwordHash, "id": key.rawValue])
            guard changed == 1 else { throw StoreError.notFound("account") }
            try Self.endSignIns(of: key.rawValue, keepingToken: keepingToken, db)
        }
    }

    /// The same password hashed anew with today's cost (at sign-in): nobody is signed out.
    public func rehashPassword(_ passwordHash: String, username: String) throws {
        try database.write { db in
            try db.run(
                "UPDATE users SET password_hash = :hash WHERE username = :username", ["hash": passwordHash, "username": username])
        }
    }

    /// Disables the account (`disabled` true) or enables it again. Disabling ends every session
    /// and API token of the account in the same transaction, so its next request is refused; enabling
    /// lets it sign in again with its password, and brings none of them back. The last enabled
    /// administrator cannot be disabled, even by two administrators disabling each other at once
    /// (the write holds `StoreLock.accounts`). Doing either twice changes nothing more.
    public func setDisabled(_ disabled: Bool, username: String, now: Date) throws {
        try database.write(locking: .accounts) { db in
            let id = try Self.userID(username: username, db)
            guard disabled else {
                try db.run("UPDATE users SET disabled_at = NULL WHERE id = :id", ["id": id])
                return
            }
            let isAdmin: Bool = try db.scalar("SELECT is_admin FROM users WHERE id = :id", ["id": id]) ?? false
            let otherAdmins: Int =
                try db.scalar("SELECT count(*) FROM users WHERE is_admin AND disabled_at IS NULL AND id != :id", ["id": id]) ?? 0
            if isAdmin, otherAdmins == 0 { throw AccountAdministrationError.lastAdmin }
            try db.run(
                "UPDATE users SET disabled_at = coalesce(disabled_at, :now) WHERE id = :id",
                ["now": now.millisecondsSince1970, "id": id])
            try Self.endSignIns(of: id, keepingToken: nil, db)
        }
    }

    /// Every account as an administrator sees it, by username.
    public func summaries() throws -> [AccountSummary] {
        try database.read { db in
            try db.query("SELECT \(Self.summaryColumns) FROM users ORDER BY username").map(Self.summary)
        }
    }

    /// One account as an administrator sees it.
    public func summary(username: String) throws -> AccountSummary {
        try database.read { db in
            guard
                let row = try db.queryFirst(
                    "SELECT \(Self.summaryColumns) FROM users WHERE username = :username", ["username": username])
            else { throw StoreError.notFound("account named '\(username)'") }
            return try Self.summary(row)
        }
    }

    private static func userID(username: String, _ db: any SQLConnection) throws -> Int64 {
        guard let id: Int64 = try db.scalar("SELECT id FROM users WHERE username = :username", ["username": username]) else {
            throw StoreError.notFound("account named '\(username)'")
        }
        return id
    }

    private static func endSignIns(of userID: Int64, keepingToken: [UInt8]?, _ db: any SQLConnection) throws {
        try db.run("DELETE FROM sessions WHERE user_id = :user", ["user": userID])
        if let keepingToken {
            try db.run(
                "DELETE FROM api_tokens WHERE user_id = :user AND token_hash != :kept", ["user": userID, "kept": Data(keepingToken)])
        } else {
            try db.run("DELETE FROM api_tokens WHERE user_id = :user", ["user": userID])
        }
    }

    /// Deletes the account and, through foreign keys, everything it owns. SQLite's search indexes
    /// have no foreign keys (and row ids can be reused), so their entries go first, one record at a
    /// time; PostgreSQL's reference their records and go with them.
    public func deleteUser(username: String) throws {
        try database.write { db in
            let id = try Self.userID(username: username, db)
            if let sqlite = db.sqliteDatabase {
                let owner = UserKey(id)
                try sqlite.forEach("SELECT id, name, memo, link FROM wishes WHERE owner_id = ?", [id]) { row in
                    let rowID: Int64 = try row["id"]
                    try WishRepository.unindex(rowID: rowID, name: try row["name"], owner: owner, db)
                    try WishRepository.unindexText(rowID: rowID, memo: try row["memo"], link: try row["link"], owner: owner, db)
                }
                try JournalRepository.unindexAll(owner: owner, db)
            }
            try db.run("DELETE FROM users WHERE id = :id", ["id": id])
        }
    }

    // MARK: Rows

    private func insertUser(
        _ db: any SQLConnection, username: String, passwordHash: String, isAdmin: Bool, mustChangePassword: Bool = false, now: Date
    ) throws -> Account {
        let id = SecureRandom.uuid()
        let key: Int64?
        do {
            key = try db.scalar(
                """
                INSERT INTO users (uuid, username, password_hash, is_admin, created_at)
                VALUES (:uuid, :username, :hash, :isAdmin, :now) RETURNING id
                """,
                [
                    "uuid": id.lowercasedString, "username": username, "hash": passwordHash, "isAdmin": isAdmin,
                    "now": now.millisecondsSince1970
                ])
        } catch let error where StoreDatabase.isUniqueViolation(error) {
            throw StoreError.conflict("The username '\(username)' is taken.")
        }
        guard let key else { throw StoreError.corruptValue("no id for the new account '\(username)'") }
        // A column of a later migration than the oldest schemas the migration tests start from.
        if mustChangePassword {
            try db.run("UPDATE users SET must_change_password = TRUE WHERE id = :id", ["id": key])
        }
        return Account(
            key: UserKey(key),
            user: User(
                id: id, username: username, isAdmin: isAdmin, createdAt: now.inWholeMilliseconds, mustChangePassword: mustChangePassword))
    }

    /// The account a row of `columns` describes.
    static func account(_ row: SQLRow) throws -> Account {
        Account(
            key: UserKey(try row["id"]),
            user: User(
                id: try UUID(storedText: row["uuid"]), username: try row["username"], isAdmin: try row["is_admin"],
                createdAt: Date(millisecondsSince1970: try row["created_at"]),
                mustChangePassword: try row["must_change_password"]))
    }

    private static func summary(_ row: SQLRow) throws -> AccountSummary {
        let user = try account(row).user
        return AccountSummary(
            id: user.id, username: user.username, isAdmin: user.isAdmin, createdAt: user.createdAt,
            disabledAt: (try row["disabled_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
            mustChangePassword: user.mustChangePassword,
            lastSeenAt: (try row["last_seen_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
            wishCount: try row["wish_count"], photoCount: try row["photo_count"])
    }
}
