import Crypto
import Foundation
import WishlistCore

/// API tokens: issued, listed, used, revoked. A token is kept only as the SHA-256 digest of its
/// secret (`token_hash`), so a copy of the database signs nobody in.
public struct TokenRepository: Sendable {
    let database: StoreDatabase

    public func createToken(for key: UserKey, name: String, tokenHash: [UInt8], now: Date) throws -> APIToken {
        let id = SecureRandom.uuid()
        try database.write { db in
            try db.run(
                "INSERT INTO api_tokens (uuid, user_id, name, token_hash, created_at) VALUES (:uuid, :user, :name, :hash, :now)",
                [
                    "uuid": id.lowercasedString, "user": key.rawValue, "name": name, "hash": Data(tokenHash),
                    "now": now.millisecondsSince1970
                ])
        }
        return APIToken(id: id, name: name, createdAt: now.inWholeMilliseconds, lastUsedAt: nil)
    }

    public func tokens(for key: UserKey) throws -> [APIToken] {
        try database.read { db in
            try db.query(
                """
                SELECT uuid, name, created_at, last_used_at, user_agent FROM api_tokens WHERE user_id = :user
                ORDER BY created_at DESC, id DESC
                """,
                ["user": key.rawValue]
            ).map { row in
                APIToken(
                    id: try UUID(storedText: row["uuid"]), name: try row["name"],
                    createdAt: Date(millisecondsSince1970: try row["created_at"]),
                    lastUsedAt: (try row["last_used_at"] as Int64?).map(Date.init(millisecondsSince1970:)),
                    userAgent: try row["user_agent"])
            }
        }
    }

    /// Revokes one of the account's tokens; another account's token is "not found".
    public func deleteToken(_ id: UUID, for key: UserKey) throws {
        try database.write { db in
            let deleted = try db.run(
                "DELETE FROM api_tokens WHERE uuid = :token AND user_id = :user", ["token": id.lowercasedString, "user": key.rawValue])
            guard deleted == 1 else { throw StoreError.notFound("API token with this id") }
        }
    }

    /// The account a token belongs to, with the token's id and when it was last used; nil for a
    /// disabled account's.
    public func account(apiTokenHash: [UInt8]) throws -> (account: Account, tokenID: UUID, lastUsedAt: Date?)? {
        try database.readOneStatement { db in
            guard let row = try db.queryFirst(Self.lookup, ["hash": Data(apiTokenHash)]) else { return nil }
            return (
                try UserRepository.account(row), try UUID(storedText: row["token_uuid"]),
                (try row["last_used_at"] as Int64?).map(Date.init(millisecondsSince1970:))
            )
        }
    }

    /// The check that the token still names `account`, for a request that trusts it (see
    /// `CredentialCheck`).
    package func check(apiTokenHash: [UInt8], names account: Account) -> CredentialCheck {
        let hash = Data(apiTokenHash)
        return CredentialCheck(sql: Self.lookup, arguments: { ["hash": hash] }, expecting: account, database: database)
    }

    /// The account of the token `:hash`, unless it is disabled, with the token's id and last use.
    private static let lookup = """
        SELECT \(UserRepository.columns), api_tokens.uuid AS token_uuid, api_tokens.last_used_at
        FROM api_tokens JOIN users ON users.id = api_tokens.user_id
        WHERE api_tokens.token_hash = :hash AND users.disabled_at IS NULL
        """

    /// Notes a use of the token, the `User-Agent` that used it, and the account's last sighting;
    /// no cached answer shows them.
    public func markTokenUsed(_ id: UUID, userAgent: String?, now: Date) throws {
        try database.write(counted: false) { db in
            let arguments: SQLArguments = ["now": now.millisecondsSince1970, "token": id.lowercasedString]
            try db.run(
                "UPDATE api_tokens SET last_used_at = :now, user_agent = :userAgent WHERE uuid = :token",
                arguments + ["userAgent": userAgent])
            try db.run("UPDATE users SET last_seen_at = :now WHERE id = (SELECT user_id FROM api_tokens WHERE uuid = :token)", arguments)
        }
    }
}
