import Foundation
import WishlistCore

extension WishRepository {
    /// The account's wishes with a place, nearest to the point first by great-circle distance
    /// (see ``PlaceLayer/nearest(_:owner:_:)``). Shown distances are from the stored coordinates.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbyWish> {
        try database.read { db in
            let (rowIDs, next) = try PlaceLayer.wishes.nearest(query, owner: owner, db)
            let wishes = try db.perform(Self.wishes(rowIDs: rowIDs, owner: owner, db.dialect))
            return Page(
                items: wishes.map { NearbyWish(wish: $0, distanceMeters: PlaceLayer.distance(from: query, to: $0.place)) },
                nextCursor: next)
        }
    }

    /// The account's wishes in `box` as points, or as clusters when there are more than
    /// `MapMarkers.markerLimit` (see ``PlaceLayer/markers(in:zoom:owner:_:)``).
    public func markers(in box: BoundingBox, zoom: Int, owner: UserKey) throws -> MapMarkers {
        try database.read { db in try PlaceLayer.wishes.markers(in: box, zoom: zoom, owner: owner, db) }
    }
}
