import Foundation
import WishlistCore

extension WishlistClient {
    /// A page of works and artists (`GET /api/v1/spots/titles`); the query's `title` and
    /// `placeType` do not apply to titles and are left out.
    public func spotTitles(_ query: SpotQuery) async throws -> Page<SpotTitle> {
        try await request(APIRoute.Spots.titles, query: Self.items(query, titles: true))
    }

    /// A page of spots: of a work or artist, a type, a kind of place, or matching search text.
    public func spots(_ query: SpotQuery) async throws -> Page<Spot> {
        try await request(APIRoute.Spots.list, query: Self.items(query, titles: false))
    }

    /// One spot, with `wishId` set when the account saved it as a wish.
    public func spot(_ id: UUID) async throws -> Spot {
        try await request(APIRoute.Spots.show, Self.id(id))
    }

    /// Spots nearest to a point first, with their distance.
    public func spotsNear(_ query: NearQuery) async throws -> Page<NearbySpot> {
        try await request(APIRoute.Spots.near, query: query.parameters)
    }

    /// The spots in a box, as points or clusters.
    public func spotMarkers(_ box: BoundingBox, zoom: Int? = nil) async throws -> MapMarkers {
        try await request(APIRoute.Spots.markers, query: box.markerQuery(zoom: zoom))
    }

    /// Saves the spot as the account's wish; `created` is false when the account had already
    /// saved it and the answer is that same wish.
    public func wish(fromSpot id: UUID) async throws -> (wish: Wish, created: Bool) {
        let route = APIRoute.Spots.wish
        let answer = try await send(route, Self.id(id))
        let wish: Wish = try Self.decoded(answer, to: route.method.rawValue, route.template)
        return (wish, answer.status == 201)
    }

    private static func items(_ query: SpotQuery, titles: Bool) -> [URLQueryItem] {
        var items = [URLQueryItem(name: "limit", value: String(query.limit))]
        let parameters: [(String, String?)] = [
            ("type", query.type?.rawValue), ("q", query.text), ("cursor", query.cursor),
            ("title", titles ? nil : query.title), ("placeType", titles ? nil : query.placeType)
        ]
        for case (let name, let value?) in parameters { items.append(URLQueryItem(name: name, value: value)) }
        return items
    }
}
