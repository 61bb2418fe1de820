import SQLite
import WishlistCore

/// One kind of record on the map and in "near me" (wishes, journal entries, K-culture spots),
/// named by its tables: the records with their `place_*` columns, how their points are indexed,
/// and the grid of per-owner cell counts (kept in step with the records by the triggers of
/// `Schema.createPlaceIndex`, or filled in bulk). The map and near-me queries are the same for
/// every layer; only these names differ, and they are fixed text, never input.
struct PlaceLayer: Sendable {
    let records: String
    let points: PointIndex
    let cells: String

    /// How a layer finds its points in a box.
    enum PointIndex: Sendable {
        /// An R*Tree of the points with the owner as a first dimension, for the records of every
        /// account: a query never walks another account's points. It keeps coordinates as 32-bit
        /// floats, rounded outwards.
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
    /// ending in its WHERE clause, with the values of its parameters (`:owner`, when the layer
    /// has several owners, and `:boxWest`, `:boxEast`, `:boxSouth`, `:boxNorth`): a caller adding
    /// conditions names its own. It may
    /// return points up to a metre outside the box, and with `exact: false` give their coordinates
    /// only to within a metre, sparing a lookup of each record; with `exact: true` the records are
    /// aliased `w`.
    func pointsInBox(_ box: BoundingBox, owner: UserKey, exact: Bool) -> (sql: String, arguments: NamedArguments) {
        let inBox: NamedArguments = [
            "boxWest": box.minLongitude, "boxEast": box.maxLongitude, "boxSouth": box.minLatitude, "boxNorth": box.maxLatitude
        ]
        switch points {
        case .ownedRTree(let tree):
            let inTree = """
                p.min_owner > :owner - 1 AND p.max_owner < :owner + 1
                  AND p.max_longitude >= :boxWest AND p.min_longitude <= :boxEast
                  AND p.max_latitude >= :boxSouth AND p.min_latitude <= :boxNorth
                """
            let sql =
                exact
                ? """
                SELECT w.id, w.place_latitude AS latitude, w.place_longitude AS longitude
                FROM \(tree) p JOIN \(records) w ON w.id = p.id WHERE \(inTree)
                """
                : "SELECT p.id, p.min_latitude AS latitude, p.min_longitude AS longitude FROM \(tree) p WHERE \(inTree)"
            return (sql, ["owner": owner.rawValue] + inBox)
        case .position:
            // Searched along the box's narrower side, as a unary `+` keeps SQLite off the other
            // column's index: the strip along a map's east edge is a whole country tall. The
            // owner is the layer's one owner, and needs no condition.
            let byLongitude = box.maxLongitude - box.minLongitude < box.maxLatitude - box.minLatitude
            let (latitude, longitude) =
                byLongitude ? ("+w.place_latitude", "w.place_longitude") : ("w.place_latitude", "+w.place_longitude")
            return (
                """
                SELECT w.id, w.place_latitude AS latitude, w.place_longitude AS longitude FROM \(records) w
                WHERE \(latitude) BETWEEN :boxSouth AND :boxNorth AND \(longitude) BETWEEN :boxWest AND :boxEast
                """,
                inBox
            )
        }
    }
}
