import Crypto
import Foundation
import SQLite
import WishlistCore

/// The owner's shares (X7, X8): create, list, read, change, rotate and revoke. Every method takes the
/// `owner`; another account's share is "not found", exactly like one that does not exist.
///
/// A share's `url` is `linkPrefix` (the server's `<origin>/s/`) followed by its token; the store
/// does not know where the server is reached.
///
/// Nothing here reads `reservations`: what the owner can reach says nothing of them.
///
/// The same SQL on both engines (`StoreDatabase`). A change made from the share as read (`update`)
/// holds the owner's `StoreLock.account`, so that two changes at once on PostgreSQL each keep the
/// other's fields.
public struct ShareRepository: Sendable {
    let database: StoreDatabase

    /// A new link's secret: 128 random bits in base64url (22 characters).
    static func newToken() -> String {
        Base64URL.encode(SecureRandom.bytes(16))
    }

    /// Makes a share of the owner's wishes (or of one tag's) with a new token.
    public func create(_ draft: ShareDraft, owner: UserKey, linkPrefix: String, now: Date) throws -> Share {
        let draft = try draft.validated()
        let id = SecureRandom.uuid()
        try database.write { db in
            try db.run(
                """
                INSERT INTO shares (uuid, owner_id, token, title, tag, tag_key, show_memos, show_prices, show_places,
                    allow_reservations, created_at, expires_at)
                VALUES (:uuid, :owner, :token, :title, :tag, :tagKey, :memos, :prices, :places, :reservations, :created,
                    :expires)
                """,
                [
                    "uuid": id.lowercasedString, "owner": owner.rawValue, "token": Self.newToken(), "title": draft.title,
                    "tag": draft.tag, "tagKey": draft.tag.map(Tag.key), "memos": draft.showMemos,
                    "prices": draft.showPrices, "places": draft.showPlaces, "reservations": draft.allowReservations,
                    "created": now.millisecondsSince1970, "expires": draft.expiresAt?.millisecondsSince1970
                ])
        }
        return try show(id, owner: owner, linkPrefix: linkPrefix)
    }

    /// The owner's shares, newest first (an account has few: no paging).
    public func list(owner: UserKey, linkPrefix: String) throws -> [Share] {
        try database.read { db in
            try db.query(
                "SELECT \(Self.columns) FROM shares WHERE owner_id = :owner ORDER BY created_at DESC, id DESC",
                ["owner": owner.rawValue]
            ).map { try Self.share(from: $0, linkPrefix: linkPrefix) }
        }
    }

    /// One of the owner's shares.
    public func show(_ id: UUID, owner: UserKey, linkPrefix: String) throws -> Share {
        try database.read { db in try Self.fetch(id, owner: owner, linkPrefix: linkPrefix, db) }
    }

    /// Changes what the share shows, its tag, title or expiry; the link stays the same.
    public func update(_ id: UUID, _ patch: SharePatch, owner: UserKey, linkPrefix: String) throws -> Share {
        try database.write(locking: .account(owner)) { db in
            let current = try Self.fetch(id, owner: owner, linkPrefix: linkPrefix, db)
            let updated = try patch.applied(to: current)
            try db.run(
                """
                UPDATE shares SET title = :title, tag = :tag, tag_key = :tagKey, show_memos = :memos,
                    show_prices = :prices, show_places = :places, allow_reservations = :reservations, expires_at = :expires
                WHERE uuid = :uuid AND owner_id = :owner
                """,
                [
                    "title": updated.title, "tag": updated.tag, "tagKey": updated.tag.map(Tag.key),
                    "memos": updated.showMemos, "prices": updated.showPrices, "places": updated.showPlaces,
                    "reservations": updated.allowReservations, "expires": updated.expiresAt?.millisecondsSince1970,
                    "uuid": id.lowercasedString, "owner": owner.rawValue
                ])
            return updated
        }
    }

    /// Gives the share a new token: the old link answers "not found" from this moment.
    public func rotate(_ id: UUID, owner: UserKey, linkPrefix: String) throws -> Share {
        try database.write { db in
            let changed = try db.run(
                "UPDATE shares SET token = :token WHERE uuid = :uuid AND owner_id = :owner",
                ["token": Self.newToken(), "uuid": id.lowercasedString, "owner": owner.rawValue])
            guard changed > 0 else { throw NotFoundError("share") }
            return try Self.fetch(id, owner: owner, linkPrefix: linkPrefix, db)
        }
    }

    /// Ends the share: its link answers "not found" from this moment.
    public func revoke(_ id: UUID, owner: UserKey) throws {
        try database.write { db in
            let deleted = try db.run(
                "DELETE FROM shares WHERE uuid = :uuid AND owner_id = :owner", ["uuid": id.lowercasedString, "owner": owner.rawValue])
            guard deleted > 0 else { throw NotFoundError("share") }
        }
    }

    // MARK: Rows

    static let columns = """
        id, uuid, owner_id, token, title, tag, tag_key, show_memos, show_prices, show_places, allow_reservations,
        created_at, expires_at, views, last_viewed_at
        """

    private static func fetch(_ id: UUID, owner: UserKey, linkPrefix: String, _ db: any SQLConnection) throws -> Share {
        guard
            let row = try db.queryFirst(
                "SELECT \(columns) FROM shares WHERE uuid = :uuid AND owner_id = :owner",
                ["uuid": id.lowercasedString, "owner": owner.rawValue])
        else { throw NotFoundError("share") }
        return try share(from: row, linkPrefix: linkPrefix)
    }

    /// The share in a row that selected ``columns``.
    static func share(from row: SQLRow, linkPrefix: String) throws -> Share {
        let token: String = try row["token"]
        let expires: Int64? = try row["expires_at"]
        let lastViewed: Int64? = try row["last_viewed_at"]
        return Share(
            id: try UUID(storedText: try row["uuid"]), title: try row["title"], tag: try row["tag"],
            showMemos: try row["show_memos"], showPrices: try row["show_prices"], showPlaces: try row["show_places"],
            allowReservations: try row["allow_reservations"], url: linkPrefix + token,
            createdAt: Date(millisecondsSince1970: try row["created_at"]),
            expiresAt: expires.map(Date.init(millisecondsSince1970:)), views: try row["views"],
            lastViewedAt: lastViewed.map(Date.init(millisecondsSince1970:)))
    }
}
