import Foundation
import WishlistCore

@testable import WishlistStore

/// One cell of a layer's grid of per-owner counts, owned by a username so that two stores'
/// grids compare whatever their row ids: as the store's triggers keep it (`stored`), or counted
/// again from the records with `PlaceGrid` (`recounted`).
struct PlaceCellRow: Hashable, CustomStringConvertible {
    let owner: String
    let level: Int
    let x: Int
    let y: Int
    let count: Int
    let sumLatitude: Double
    let sumLongitude: Double

    var description: String { "\(owner) L\(level) (\(x), \(y)) ×\(count) Σ(\(sumLatitude), \(sumLongitude))" }

    /// The layer's grid as stored, in order.
    static func stored(_ layer: PlaceLayer, in store: Store) throws -> [PlaceCellRow] {
        try store.database.read { db in
            try db.query(
                """
                SELECT u.username, c.level, c.x, c.y, c.count, c.sum_latitude, c.sum_longitude
                FROM \(layer.cells) c JOIN users u ON u.id = c.owner_id
                """
            ).map { row in
                PlaceCellRow(
                    owner: try row["username"], level: try row["level"], x: try row["x"], y: try row["y"],
                    count: try row["count"], sumLatitude: try row["sum_latitude"], sumLongitude: try row["sum_longitude"])
            }
        }.sorted { ($0.owner, $0.level, $0.x, $0.y) < ($1.owner, $1.level, $1.x, $1.y) }
    }

    /// The layer's grid counted again from its placed records with `PlaceGrid`, in order.
    static func recounted(_ layer: PlaceLayer, in store: Store) throws -> [PlaceCellRow] {
        struct Key: Hashable {
            let owner: String
            let level: Int
            let cell: PlaceGrid.Cell
        }
        var sums: [Key: PointSum] = [:]
        let points = try store.database.read { db in
            try db.query(
                """
                SELECT u.username, r.place_latitude, r.place_longitude
                FROM \(layer.records) r JOIN users u ON u.id = r.owner_id
                WHERE r.place_latitude IS NOT NULL ORDER BY r.id
                """)
        }
        for point in points {
            let (latitude, longitude): (Double, Double) = (try point["place_latitude"], try point["place_longitude"])
            for level in PlaceGrid.levels {
                let cell = PlaceGrid.Cell(latitude: latitude, longitude: longitude, level: level)
                sums[Key(owner: try point["username"], level: level, cell: cell), default: PointSum()]
                    .add(latitude: latitude, longitude: longitude)
            }
        }
        return sums.map { key, sum in
            PlaceCellRow(
                owner: key.owner, level: key.level, x: key.cell.x, y: key.cell.y, count: sum.count,
                sumLatitude: sum.latitude, sumLongitude: sum.longitude)
        }.sorted { ($0.owner, $0.level, $0.x, $0.y) < ($1.owner, $1.level, $1.x, $1.y) }
    }

    /// Whether the two grids have the same cells with the same counts, and sums equal but for
    /// the rounding of adding the same coordinates in another order (or adding and taking away).
    static func sameCounts(_ lhs: [PlaceCellRow], _ rhs: [PlaceCellRow]) -> Bool {
        lhs.count == rhs.count
            && zip(lhs, rhs).allSatisfy { left, right in
                (left.owner, left.level, left.x, left.y, left.count) == (right.owner, right.level, right.x, right.y, right.count)
                    && abs(left.sumLatitude - right.sumLatitude) < 1e-6 && abs(left.sumLongitude - right.sumLongitude) < 1e-6
            }
    }
}
