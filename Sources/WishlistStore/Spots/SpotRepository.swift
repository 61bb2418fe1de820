import Crypto
import Foundation
import Geocoding
import SQLite
import WishlistCore

/// The K-culture spots (K8), shared by every account: importing a release of the data, the
/// works and artists, lists and search, "near me", the map, and the wishes accounts make from
/// spots. A spot's `wishId` is the asking account's own wish; nobody sees another's.
///
/// Runs on both engines (`StoreDatabase`) but for "near me" and the map, which read `PlaceLayer`
/// on SQLite only so far.
public struct SpotRepository: Sendable {
    let database: StoreDatabase

    /// The owner the spots' points are filed under in `PlaceLayer.spots`, and their cursors' owner.
    static let sharedOwner = UserKey(0)

    /// The columns every spot query selects: `spots s` with its title `t` and the asking account's
    /// wish `w`, as ``joins(owner:)`` joins them.
    static let columns = """
        s.id, s.uuid, t.type, t.title, s.name, s.place_type, s.description, s.address, s.place_latitude,
        s.place_longitude, w.uuid AS wish_uuid
        """

    /// The joins of every spot query, following `spots s`: its title `t`, and the wish `w` the
    /// asking account made from it; with the value of their one parameter, `:wishOwner`.
    static func joins(owner: UserKey) -> (sql: String, arguments: SQLArguments) {
        (
            """
            JOIN spot_titles t ON t.id = s.title_id
            LEFT JOIN spot_wishes sw ON sw.owner_id = :wishOwner AND sw.spot_uuid = s.uuid
            LEFT JOIN wishes w ON w.id = sw.wish_id
            """,
            ["wishOwner": owner.rawValue]
        )
    }

    /// The spot, with the account's wish made from it; `NotFoundError("spot")` when there is none.
    public func get(_ id: UUID, owner: UserKey) throws -> Spot {
        let joins = Self.joins(owner: owner)
        return try database.read { db in
            guard
                let row = try db.queryFirst(
                    "SELECT \(Self.columns) FROM spots s \(joins.sql) WHERE s.uuid = :id",
                    joins.arguments + ["id": id.lowercasedString])
            else { throw NotFoundError("spot") }
            return try Self.spot(from: row)
        }
    }

    /// The spots nearest to a point first, with their distance.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbySpot> {
        let origin = Coordinate(latitude: query.latitude, longitude: query.longitude)
        return try database.read { db in
            let (rowIDs, nextCursor) = try PlaceLayer.spots.nearest(query, owner: Self.sharedOwner, db)
            let spots = try Self.spots(rowIDs: rowIDs, owner: owner, db)
            return Page(
                items: spots.map { spot in
                    let point = Coordinate(latitude: spot.latitude, longitude: spot.longitude)
                    return NearbySpot(spot: spot, distanceMeters: GreatCircle.distance(origin, point).rounded())
                },
                nextCursor: nextCursor)
        }
    }

    /// The spots in `box` as markers, or as clusters when there are many, as for wishes.
    public func markers(in box: BoundingBox, zoom: Int) throws -> MapMarkers {
        try database.read { db in try PlaceLayer.spots.markers(in: box, zoom: zoom, owner: Self.sharedOwner, db) }
    }

    /// The wish the account made from the spot, made now when it has none (or deleted it):
    /// named after the place, placed there, tagged with the work or artist, the scene in the memo.
    public func wish(fromSpot id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()) throws
        -> (wish: Wish, created: Bool)
    {
        let spot = try get(id, owner: owner)
        // The account's lock: a wish is made and counted in its tags as every wish is.
        return try database.write(locking: .account(owner)) { db in
            // Read again inside the write: another request may have made it since `get`.
            if let uuid: String = try db.scalar(
                """
                SELECT w.uuid FROM spot_wishes sw JOIN wishes w ON w.id = sw.wish_id
                WHERE sw.owner_id = :owner AND sw.spot_uuid = :spot
                """,
                ["owner": owner.rawValue, "spot": id.lowercasedString]),
                let existing = try WishRepository.fetch(try UUID(storedText: uuid), owner: owner, db)
            {
                return (existing.wish, false)
            }
            let (rowID, wish) = try WishRepository.insert(
                WishDraft(spot: spot).validated(), id: SecureRandom.uuid(), owner: owner, now: now, db)
            try db.run(
                "INSERT INTO spot_wishes (owner_id, spot_uuid, wish_id) VALUES (:owner, :spot, :wish)",
                ["owner": owner.rawValue, "spot": id.lowercasedString, "wish": rowID])
            return (wish, true)
        }
    }

    // MARK: Rows

    static func spot(from row: SQLRow) throws -> Spot {
        let wish: String? = try row["wish_uuid"]
        return Spot(
            id: try UUID(storedText: row["uuid"]),
            type: try type(row["type"]),
            title: try row["title"], name: try row["name"], placeType: try row["place_type"],
            description: try row["description"], address: try row["address"],
            latitude: try row["place_latitude"], longitude: try row["place_longitude"],
            wishId: try wish.map { try UUID(storedText: $0) })
    }

    static func type(_ text: String) throws -> SpotType {
        guard let type = SpotType(rawValue: text) else { throw StoreError.corruptValue(text) }
        return type
    }

    /// These spots, in the order of `rowIDs`.
    static func spots(rowIDs: [Int64], owner: UserKey, _ db: any SQLConnection) throws -> [Spot] {
        guard !rowIDs.isEmpty else { return [] }
        let joins = Self.joins(owner: owner)
        return try db.query(
            """
            SELECT \(columns)
            FROM (\(db.dialect.members(ofJSONArray: ":rowIDs", as: .integer))) j \(db.dialect.joinInOrder) spots s ON s.id = j.value
            \(joins.sql)
            """,
            joins.arguments + ["rowIDs": rowIDs.jsonArray]
        ).inOrder(of: rowIDs).map(spot(from:))
    }
}

extension PlaceLayer {
    /// The K-culture spots, every one filed under `SpotRepository.sharedOwner`.
    static let spots = PlaceLayer(records: "spots", points: .position, cells: "spot_cells")
}
