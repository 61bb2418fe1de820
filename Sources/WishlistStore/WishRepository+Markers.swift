import WishlistCore

extension WishRepository {
    /// The account's wishes in `box` as points, or as clusters when there are more than
    /// `MapMarkers.markerLimit` that add up to exactly the wishes in the box (see `PlaceIndex.markers`).
    public func markers(in box: BoundingBox, zoom: Int, owner: UserKey) throws -> MapMarkers {
        try pool.read { db in try PlaceIndex.wishes.markers(in: box, zoom: zoom, owner: owner, db) }
    }
}
