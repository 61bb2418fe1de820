import WishlistCore

/// One kind of record on the map and in "near me" (wishes, journal entries, K-culture spots),
/// named by its tables: the records with their `place_*` columns, how their points are indexed,
/// and the grid of per-owner cell counts (kept in step with the records by triggers,
/// `Schema.createPlaceIndex` on SQLite and `Schema.postgresPlaceIndex` on PostgreSQL, or filled
/// in bulk). The map and near-me queries are the same for every layer and both engines; only
/// these names and the points' index differ, and they are fixed text, never input.
struct PlaceLayer: Sendable {
    let records: String
    let points: PointIndex
    let cells: String

    /// How a layer finds its points in a box.
    enum PointIndex: Sendable {
        /// The points of every account, each query kept to one owner's. On SQLite an R*Tree of
        /// them with the owner as a first dimension, so a query never walks another account's
        /// points; on PostgreSQL B-tree indexes on the records' `(owner_id, place_latitude,
        /// place_longitude)` and `(owner_id, place_longitude, place_latitude)`.
        case ownedRTree(String)
        /// Indexes on the records' own `(place_latitude, place_longitude)` and the other way
        /// round, for records shared by everyone and filed under one owner: a few thousand are
        /// read from them about as fast, and they are built in a fraction of the time an R*Tree
        /// takes to fill.
        case position
    }

    static let wishes = PlaceLayer(records: "wishes", points: .ownedRTree("wish_places"), cells: "place_cells")
    static let journal = PlaceLayer(
        records: "journal_entries", points: .ownedRTree("journal_places"), cells: "journal_place_cells")

    /// A query for `id, latitude, longitude` of the owner's records whose points may lie in `box`,
    /// the records aliased `w`, ending in its WHERE clause, with the values of its parameters
    /// (`:owner`, when the layer has several owners, and `:boxWest`, `:boxEast`, `:boxSouth`,
    /// `:boxNorth`): a caller adding conditions names its own. The coordinates are the records'
    /// own, so both engines order and filter by the same numbers; on SQLite's R*Tree it may
    /// return points up to a metre outside the box (the tree keeps 32-bit floats, rounded outwards).
    func pointsInBox(_ box: BoundingBox, owner: UserKey, _ dialect: SQLDialect) -> (sql: String, arguments: SQLArguments) {
        let inBox: SQLArguments = [
            "boxWest": box.minLongitude, "boxEast": box.maxLongitude, "boxSouth": box.minLatitude, "boxNorth": box.maxLatitude
        ]
        let columns = "SELECT w.id, w.place_latitude AS latitude, w.place_longitude AS longitude"
        switch (points, dialect) {
        case (.ownedRTree(let tree), .sqlite):
            return (
                """
                \(columns) FROM \(tree) p JOIN \(records) w ON w.id = p.id
                WHERE p.min_owner > :owner - 1 AND p.max_owner < :owner + 1
                  AND p.max_longitude >= :boxWest AND p.min_longitude <= :boxEast
                  AND p.max_latitude >= :boxSouth AND p.min_latitude <= :boxNorth
                """,
                ["owner": owner.rawValue] + inBox
            )
        case (.ownedRTree, .postgres), (.position, _):
            // Searched along the box's narrower side, as a unary `+` keeps either engine off the
            // other column's index: the strip along a map's east edge is a whole country tall.
            let byLongitude = box.maxLongitude - box.minLongitude < box.maxLatitude - box.minLatitude
            let (latitude, longitude) =
                byLongitude ? ("+w.place_latitude", "w.place_longitude") : ("w.place_latitude", "+w.place_longitude")
            let inRange = "\(latitude) BETWEEN :boxSouth AND :boxNorth AND \(longitude) BETWEEN :boxWest AND :boxEast"
            // The spots' layer has one owner, and needs no condition.
            guard case .ownedRTree = points else { return ("\(columns) FROM \(records) w WHERE \(inRange)", inBox) }
            return ("\(columns) FROM \(records) w WHERE w.owner_id = :owner AND \(inRange)", ["owner": owner.rawValue] + inBox)
        }
    }
}
