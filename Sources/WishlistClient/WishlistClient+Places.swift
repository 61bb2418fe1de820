import Foundation
import WishlistCore

extension WishlistClient {
    /// A place found by name, as `GET /api/v1/places/search` lists it.
    public struct FoundPlace: Codable, Sendable, Equatable {
        /// The place's name, e.g. `Jeonju`.
        public let name: String
        /// The region it is in, e.g. `Jeollabuk-do`, when known.
        public let admin: String?
        /// The country's name.
        public let country: String
        /// The country's ISO 3166 code, e.g. `KR`.
        public let countryCode: String
        /// Degrees north.
        public let latitude: Double
        /// Degrees east.
        public let longitude: Double
        /// How many people live there, when known; bigger places come first.
        public let population: Int?
    }

    /// The nearest known place to a point (`GET /api/v1/places/reverse`).
    public struct ReversedPlace: Codable, Sendable, Equatable {
        /// The nearest place's name.
        public let name: String
        /// The region it is in, when known.
        public let admin: String?
        /// The country's name.
        public let country: String
        /// The place's latitude, degrees north.
        public let latitude: Double
        /// The place's longitude, degrees east.
        public let longitude: Double
        /// How far the point asked about is from it, in metres.
        public let distanceMeters: Double
    }

    /// Places whose name matches `query`, best first (the server's offline gazetteer, and its
    /// online geocoder when configured).
    public func searchPlaces(_ query: String, limit: Int = 10) async throws -> [FoundPlace] {
        try await request(
            APIRoute.Places.search,
            query: [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: String(limit))],
            as: ItemList<FoundPlace>.self
        ).items
    }

    /// The known place nearest to a point, e.g. to name where a photo was taken.
    public func reversePlace(latitude: Double, longitude: Double) async throws -> ReversedPlace {
        try await request(
            APIRoute.Places.reverse,
            query: [URLQueryItem(name: "lat", value: String(latitude)), URLQueryItem(name: "lng", value: String(longitude))])
    }

    /// The wishes in a box, as points or clusters.
    public func mapMarkers(_ box: BoundingBox, zoom: Int? = nil) async throws -> MapMarkers {
        try await request(APIRoute.Places.markers, query: box.markerQuery(zoom: zoom))
    }

    /// Wishes nearest to a point first, a page at a time.
    public func wishesNear(_ query: NearQuery) async throws -> Page<NearbyWish> {
        try await request(APIRoute.Places.wishesNear, query: query.parameters)
    }
}

extension BoundingBox {
    /// The query of the map's marker endpoints: `bbox` as `minLng,minLat,maxLng,maxLat`, and `zoom` when given.
    func markerQuery(zoom: Int?) -> [URLQueryItem] {
        let box = [minLongitude, minLatitude, maxLongitude, maxLatitude].map { String($0) }.joined(separator: ",")
        return [URLQueryItem(name: "bbox", value: box)] + (zoom.map { [URLQueryItem(name: "zoom", value: String($0))] } ?? [])
    }
}

extension NearQuery {
    /// The query parameters of the near-me endpoints.
    var parameters: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "lat", value: String(latitude)), URLQueryItem(name: "lng", value: String(longitude)),
            URLQueryItem(name: "limit", value: String(limit))
        ]
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return items
    }
}
