import Crypto
import Foundation
import WishlistCore

/// What anyone holding a share's link may read and do (X7, X8): the list, a wish, its photos, and
/// reservations. Every method starts from an `OpenShare` found by token, and a wish is reached
/// only when it is in that share now: the owner's, not private, carrying the share's tag.
///
/// Reservations live here and only here. Their answers never reach the owner: the server leaves
/// them out when the owner looks (`forOwner`), and no owner route reads this table.
///
/// The same SQL on both engines (`StoreDatabase`). A reservation and its cancellation check that
/// the wish is in the share, then write: they hold the owner's `StoreLock.account`, as every change
/// of the owner's wishes does, so on PostgreSQL a wish is not deleted or changed between the check
/// and the write. One reservation per wish is the table's key besides (`ON CONFLICT DO NOTHING`
/// tells who came second); views are added in place.
public struct SharedListRepository: Sendable {
    let database: StoreDatabase

    /// The live share of `token`, or nil (unknown, revoked, rotated away, expired, owner disabled).
    public func open(token: String, now: Date) throws -> OpenShare? {
        try database.read { db in
            guard
                let row = try db.queryFirst(
                    """
                    SELECT s.id, s.uuid, s.owner_id, u.username, s.title, s.tag, s.tag_key, s.show_memos, s.show_prices,
                        s.show_places, s.allow_reservations
                    FROM shares s JOIN users u ON u.id = s.owner_id
                    WHERE s.token = :token AND (s.expires_at IS NULL OR s.expires_at > :now) AND u.disabled_at IS NULL
                    """,
                    ["token": token, "now": now.millisecondsSince1970])
            else { return nil }
            return OpenShare(
                rowID: try row["id"], id: try UUID(storedText: try row["uuid"]), owner: UserKey(try row["owner_id"]),
                ownerUsername: try row["username"],
                title: try row["title"], tagKey: try row["tag_key"], tag: try row["tag"],
                showMemos: try row["show_memos"], showPrices: try row["show_prices"], showPlaces: try row["show_places"],
                allowReservations: try row["allow_reservations"])
        }
    }

    /// Adds views counted elsewhere (`ShareViewCounter`, in memory) to their shares, all in one
    /// write transaction: a number and a time each, nothing about the viewers. A tally of a share
    /// revoked since matches no row and is dropped; the last view only ever moves forward.
    ///
    /// Not counted as a change by the pool (`counted: false`): no answer a cache of reads keeps
    /// shows a share's views (the owner's shares are read afresh), so views leave those answers valid.
    public func addViews(_ tallies: [ShareViewTally]) throws {
        guard !tallies.isEmpty else { return }
        try database.write(counted: false) { db in
            for tally in tallies {
                try db.run(
                    """
                    UPDATE shares SET views = views + :views,
                        last_viewed_at = \(db.dialect.greatest("coalesce(last_viewed_at, :last)", ":last"))
                    WHERE uuid = :uuid
                    """,
                    ["views": tally.views, "last": tally.lastViewedAt.millisecondsSince1970, "uuid": tally.share.lowercasedString])
            }
        }
    }

    /// One page of the share's wishes, newest first, each with its reservation (nil for the owner).
    public func page(_ share: OpenShare, limit: Int, cursor: String?, forOwner: Bool) throws -> SharedPage {
        let query = try WishListQuery(tag: share.tag, sort: .newest, limit: limit, cursor: cursor)
        let wishes = try WishRepository(database: database).page(query, owner: share.owner, walksNames: false, sharedOnly: true)
        return try database.read { db in
            SharedPage(
                total: try Self.count(share, db), wishes: wishes.items,
                reservations: forOwner ? nil : try Self.reservations(of: wishes.items.map(\.id), db),
                nextCursor: wishes.nextCursor)
        }
    }

    /// A wish of the share, with its reservation (nil for the owner); 404 `share_not_found` when
    /// it is not in the share.
    public func wish(_ id: UUID, in share: OpenShare, forOwner: Bool) throws -> (Wish, ReservationState?) {
        try database.read { db in
            guard let (_, wish) = try Self.sharedWish(id, share, db) else { throw SharingError.shareNotFound }
            return (wish, forOwner ? nil : try Self.reservations(of: [id], db)[id] ?? .open)
        }
    }

    /// Whether the photo is on a wish the share shows; media are served only then.
    public func shows(photo id: UUID, in share: OpenShare) throws -> Bool {
        try database.read { db in
            guard
                let wishID: String = try db.scalar(
                    "SELECT w.uuid FROM photos p JOIN wishes w ON w.id = p.wish_id WHERE p.uuid = :uuid AND p.owner_id = :owner",
                    ["uuid": id.lowercasedString, "owner": share.owner.rawValue])
            else { return false }
            return try Self.sharedWish(try UUID(storedText: wishID), share, db) != nil
        }
    }

    /// Reserves the wish for the friend holding the returned key (only its digest is kept).
    public func reserve(_ id: UUID, in share: OpenShare, _ request: ReservationRequest, now: Date) throws -> String {
        let request = try request.validated()
        guard share.allowReservations else { throw SharingError.reservationsOff }
        let key = Base64URL.encode(SecureRandom.bytes(32))
        try database.write(locking: .account(share.owner)) { db in
            guard let (rowID, _) = try Self.sharedWish(id, share, db) else { throw SharingError.shareNotFound }
            let inserted = try db.run(
                """
                INSERT INTO reservations (wish_id, key_hash, name, note, show_name, created_at)
                VALUES (:wish, :hash, :name, :note, :showName, :created) ON CONFLICT (wish_id) DO NOTHING
                """,
                [
                    "wish": rowID, "hash": Data(sha256Of: key), "name": request.name, "note": request.note,
                    "showName": request.showName, "created": now.millisecondsSince1970
                ])
            guard inserted > 0 else { throw SharingError.alreadyReserved }
        }
        return key
    }

    /// Cancels the wish's reservation made with `key`.
    public func cancelReservation(_ id: UUID, in share: OpenShare, key: String) throws {
        try database.write(locking: .account(share.owner)) { db in
            guard let (rowID, _) = try Self.sharedWish(id, share, db) else { throw SharingError.shareNotFound }
            let deleted = try db.run(
                "DELETE FROM reservations WHERE wish_id = :wish AND key_hash = :hash", ["wish": rowID, "hash": Data(sha256Of: key)])
            guard deleted == 0 else { return }
            guard try db.scalar("SELECT 1 FROM reservations WHERE wish_id = :wish", ["wish": rowID]) as Int? != nil else {
                throw NotFoundError("reservation")
            }
            throw SharingError.notYourReservation
        }
    }

    /// Which of the keys a friend's browser holds still reserve a wish in this share.
    public func check(_ keys: [String], in share: OpenShare) throws -> ReservationStatus {
        try database.read { db in
            var held: [ReservationStatus.Held] = []
            var gone: [String] = []
            for key in keys {
                let wishID: String? = try db.scalar(
                    "SELECT w.uuid FROM reservations r JOIN wishes w ON w.id = r.wish_id WHERE r.key_hash = :hash",
                    ["hash": Data(sha256Of: key)])
                if let wishID, let id = UUID(uuidString: wishID), try Self.sharedWish(id, share, db) != nil {
                    held.append(.init(key: key, wishId: id))
                } else {
                    gone.append(key)
                }
            }
            return ReservationStatus(held: held, gone: gone)
        }
    }

    // MARK: Queries

    /// The condition that wish `w` is in the share: the owner's, not private, and carrying the
    /// share's tag now when it has one. The tag's key is cast where it is tested for NULL, since
    /// PostgreSQL gives no type to a parameter that is only tested so.
    private static func inShare(_ dialect: SQLDialect) -> String {
        """
        w.owner_id = :owner AND \(dialect.test("w.private", is: false)) AND (CAST(:tagKey AS TEXT) IS NULL OR \(carriesTag))
        """
    }

    /// The condition that wish `w` carries the tag whose key is `:tagKey`.
    private static let carriesTag = """
        EXISTS (
            SELECT 1 FROM wish_tags t
            WHERE t.owner_id = w.owner_id AND t.tag_key = :tagKey AND t.created_at = w.created_at AND t.wish_id = w.id)
        """

    /// Whether the share has a tag decides the plan of a statement with `inShare`.
    private static func shareArguments(_ share: OpenShare) -> SQLArguments {
        (["owner": share.owner.rawValue, "tagKey": share.tagKey] as SQLArguments).decidingThePlan
    }

    private static func sharedWish(_ id: UUID, _ share: OpenShare, _ db: any SQLConnection) throws -> (Int64, Wish)? {
        guard
            let row = try db.queryFirst(
                "SELECT \(WishRepository.columns) FROM wishes w WHERE w.uuid = :uuid AND \(inShare(db.dialect))",
                ["uuid": id.lowercasedString] + shareArguments(share))
        else { return nil }
        return (try row["id"], try WishRepository.wishes(from: [row], db)[0])
    }

    /// How many wishes the share shows: the owner's (as `wish_counts` keeps them) or those carrying
    /// its tag (as `tags` counts them), less the private ones among them (`private_wishes`, an
    /// index of those alone), so that the count grows with the private wishes alone. Counted as
    /// `inShare` tests them, it looked each of the owner's wishes up to test `private`: 66 ms of CPU
    /// a friend's view at 100,000 wishes.
    private static func count(_ share: OpenShare, _ db: any SQLConnection) throws -> Int {
        let isPrivate = db.dialect.test("w.private", is: true)
        let (all, hidden) =
            share.tagKey == nil
            ? (
                "SELECT coalesce((SELECT count FROM wish_counts WHERE owner_id = :owner), 0)",
                "SELECT count(*) FROM wishes w WHERE w.owner_id = :owner AND \(isPrivate)"
            )
            : (
                "SELECT coalesce((SELECT count FROM tags WHERE owner_id = :owner AND tag_key = :tagKey), 0)",
                "SELECT count(*) FROM wishes w WHERE w.owner_id = :owner AND \(isPrivate) AND \(carriesTag)"
            )
        var arguments: SQLArguments = ["owner": share.owner.rawValue]
        if let tagKey = share.tagKey { arguments += ["tagKey": tagKey] }
        return try db.scalar("SELECT (\(all)) - (\(hidden))", arguments) ?? 0
    }

    /// The reservations of these wishes, by wish; a wish with none is left out.
    private static func reservations(of ids: [UUID], _ db: any SQLConnection) throws -> [UUID: ReservationState] {
        guard !ids.isEmpty else { return [:] }
        var states: [UUID: ReservationState] = [:]
        let rows = try db.query(
            """
            SELECT w.uuid, r.name, r.show_name FROM wishes w JOIN reservations r ON r.wish_id = w.id
            WHERE w.uuid IN (\(db.dialect.members(ofJSONArray: ":ids", as: .text)))
            """,
            ["ids": ids.jsonArray])
        for row in rows {
            let shown: Bool = try row["show_name"]
            let name: String? = try row["name"]
            states[try UUID(storedText: try row["uuid"])] = .reserved(by: shown ? name : nil)
        }
        return states
    }
}
