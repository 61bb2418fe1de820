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

    /// How far, in metres, a distance from the coordinates SQLite's R*Tree keeps may be from the
    /// distance from the stored ones, with room to spare: the tree keeps each as a 32-bit float
    /// rounded outwards, at most two and a half of its steps away (4.3 m of arc at a longitude of
    /// ±180°, half that in latitude).
    static let treeTolerance = 10.0

    /// A query for `id, latitude, longitude` of the owner's records whose points may lie in `box`,
    /// ending in its WHERE clause, with the values of its parameters (`:owner`, when the layer has
    /// several owners, and `:boxWest`, `:boxEast`, `:boxSouth`, `:boxNorth`): a caller adding
    /// conditions names its own. On SQLite's R*Tree it may return points a few metres outside
    /// the box. With `exact: true` the coordinates are the records' own, and the records are
    /// aliased `w`; otherwise they may be SQLite's R*Tree's, sparing a lookup of each record,
    /// and `tolerance` says how far distances from them may be off (0 when they are exact).
    /// With `uuids` (and `exact`) each row has its record's `uuid` too, as the map's markers
    /// need: on PostgreSQL the points' indexes include it, so the query stays index-only.
    func pointsInBox(_ box: BoundingBox, owner: UserKey, exact: Bool, uuids: Bool = false, _ dialect: SQLDialect)
        -> (sql: String, arguments: SQLArguments, tolerance: Double)
    {
        precondition(exact || !uuids, "the uuids are the records' own, read only with exact points")
        let inBox: SQLArguments = [
            "boxWest": box.minLongitude, "boxEast": box.maxLongitude, "boxSouth": box.minLatitude, "boxNorth": box.maxLatitude
        ]
        let columns = "SELECT w.id\(uuids ? ", w.uuid" : ""), w.place_latitude AS latitude, w.place_longitude AS longitude"
        switch (points, dialect) {
        case (.ownedRTree(let tree), .sqlite):
            let inTree = """
                p.min_owner > :owner - 1 AND p.max_owner < :owner + 1
                  AND p.max_longitude >= :boxWest AND p.min_longitude <= :boxEast
                  AND p.max_latitude >= :boxSouth AND p.min_latitude <= :boxNorth
                """
            let arguments = ["owner": owner.rawValue] + inBox
            guard exact else {
                let sql = "SELECT p.id, p.min_latitude AS latitude, p.min_longitude AS longitude FROM \(tree) p WHERE \(inTree)"
                return (sql, arguments, Self.treeTolerance)
            }
            return ("\(columns) FROM \(tree) p JOIN \(records) w ON w.id = p.id WHERE \(inTree)", arguments, 0)
        case (.ownedRTree, .postgres), (.position, _):
            // Searched along the box's narrower side, as a unary `+` keeps either engine off the
            // other column's index: the strip along a map's east edge is a whole country tall.
            let byLongitude = box.maxLongitude - box.minLongitude < box.maxLatitude - box.minLatitude
            let (latitude, longitude) =
                byLongitude ? ("+w.place_latitude", "w.place_longitude") : ("w.place_latitude", "+w.place_longitude")
            let inRange = "\(latitude) BETWEEN :boxSouth AND :boxNorth AND \(longitude) BETWEEN :boxWest AND :boxEast"
            // The spots' layer has one owner, and needs no condition.
            guard case .ownedRTree = points else { return ("\(columns) FROM \(records) w WHERE \(inRange)", inBox, 0) }
            return ("\(columns) FROM \(records) w WHERE w.owner_id = :owner AND \(inRange)", ["owner": owner.rawValue] + inBox, 0)
        }
    }
}
