import Foundation
import WishlistCore

extension JournalRepository {
    /// The account's entries with a place, nearest to the point first by great-circle distance
    /// (see ``PlaceLayer/nearest(_:owner:_:)``). Shown distances are from the stored coordinates.
    public func near(_ query: NearQuery, owner: UserKey) throws -> Page<NearbyJournalEntry> {
        try database.read { db in
            let (rowIDs, next) = try PlaceLayer.journal.nearest(query, owner: owner, db)
            let entries = try db.perform(Self.entries(rowIDs: rowIDs, owner: owner, db.dialect))
            return Page(
                items: entries.map {
                    NearbyJournalEntry(entry: $0, distanceMeters: PlaceLayer.distance(from: query, to: $0.place))
                },
                nextCursor: next)
        }
    }

    /// The account's entries in `box` as points, or as clusters when there are more than
    /// `MapMarkers.markerLimit` (see ``PlaceLayer/markers(in:zoom:owner:_:)``): the map's journal layer.
    public func markers(in box: BoundingBox, zoom: Int, owner: UserKey) throws -> MapMarkers {
        try database.read { db in try PlaceLayer.journal.markers(in: box, zoom: zoom, owner: owner, db) }
    }
}
