import Foundation
import WishlistCore

/// Each account's favorite GIFs, newest first, at most `FavoriteGif.limit`; the same SQL on both
/// engines.
public struct GifFavoriteRepository: Sendable {
    let database: StoreDatabase
    private static let encoder = JSONCoding.encoder()
    private static let decoder = JSONCoding.decoder()

    /// Keeps `gif` among the account's favorites. A GIF already there stays as it was, favorited
    /// when it first was; the limit is checked in the same transaction as the insert, which holds
    /// the account's `StoreLock`, so two requests at once cannot both take the last place.
    ///
    /// - Throws: `GifFavoriteError.full` when the account keeps the most already; nothing changes.
    @discardableResult
    public func add(_ gif: Gif, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> FavoriteGif {
        let json = String(decoding: try Self.encoder.encode(gif), as: UTF8.self)
        return try database.write(locking: .account(owner)) { db in
            if let existing = try db.queryFirst(
                "SELECT gif, favorited_at FROM gif_favorites WHERE owner_id = :owner AND gif_id = :gif",
                ["owner": owner.rawValue, "gif": gif.id])
            {
                return try Self.favorite(existing)
            }
            let count: Int =
                try db.scalar("SELECT count(*) FROM gif_favorites WHERE owner_id = :owner", ["owner": owner.rawValue]) ?? 0
            guard count < FavoriteGif.limit else { throw GifFavoriteError.full }
            try db.run(
                "INSERT INTO gif_favorites (owner_id, gif_id, gif, favorited_at) VALUES (:owner, :gif, :json, :now)",
                ["owner": owner.rawValue, "gif": gif.id, "json": json, "now": now.millisecondsSince1970])
            return FavoriteGif(gif: gif, favoritedAt: now)
        }
    }

    /// The account's favorites, newest first.
    public func list(owner: UserKey) throws -> [FavoriteGif] {
        try database.read { db in
            try db.query(
                "SELECT gif, favorited_at FROM gif_favorites WHERE owner_id = :owner ORDER BY favorited_at DESC, id DESC",
                ["owner": owner.rawValue]
            ).map(Self.favorite)
        }
    }

    /// Lets go of a favorite; nothing happens when it was not one.
    public func remove(_ gifID: String, owner: UserKey) throws {
        try database.write { db in
            try db.run(
                "DELETE FROM gif_favorites WHERE owner_id = :owner AND gif_id = :gif", ["owner": owner.rawValue, "gif": gifID])
        }
    }

    /// The favorite in a row that selected `gif` and `favorited_at`.
    private static func favorite(_ row: SQLRow) throws -> FavoriteGif {
        let json: String = try row["gif"]
        return FavoriteGif(
            gif: try decoder.decode(Gif.self, from: Data(json.utf8)),
            favoritedAt: Date(millisecondsSince1970: try row["favorited_at"]))
    }
}
