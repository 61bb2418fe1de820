import Foundation
import WishlistCore

extension WishlistClient {
    /// A place found by name, as `GET /api/v1/places/search` lists it.
    public struct FoundPlace: Codable, Sendable, Equatable {
        public let name: String
        public let admin: String?
        public let country: String
        public let countryCode: String
        public let latitude: Double
        public let longitude: Double
        public let population: Int?
    }

    /// The nearest known place to a point (`GET /api/v1/places/reverse`).
    public struct ReversedPlace: Codable, Sendable, Equatable {
        public let name: String
        public let admin: String?
        public let country: String
        public let latitude: Double
        public let longitude: Double
        public let distanceMeters: Double
    }

    public func searchPlaces(_ query: String, limit: Int = 10) async throws -> [FoundPlace] {
        try await request(
            "GET",
            Self.pathWithQuery(
                "/api/v1/places/search", [URLQueryItem(name: "q", value: query), URLQueryItem(name: "limit", value: String(limit))]),
            as: ItemList<FoundPlace>.self
        ).items
    }

    public func reversePlace(latitude: Double, longitude: Double) async throws -> ReversedPlace {
        try await request("GET", "/api/v1/places/reverse?lat=\(latitude)&lng=\(longitude)")
    }

    /// The wishes in a box, as points or clusters.
    public func mapMarkers(_ box: BoundingBox, zoom: Int? = nil) async throws -> MapMarkers {
        try await request("GET", "/api/v1/map/markers?bbox=\(box.parameter)" + (zoom.map { "&zoom=\($0)" } ?? ""))
    }

    /// Wishes nearest to a point first, a page at a time.
    public func wishesNear(_ query: NearQuery) async throws -> Page<NearbyWish> {
        try await request("GET", Self.pathWithQuery("/api/v1/wishes/near", query.parameters))
    }
}

extension BoundingBox {
    /// The `bbox` parameter of the map's endpoints: `minLng,minLat,maxLng,maxLat`.
    var parameter: String {
        [minLongitude, minLatitude, maxLongitude, maxLatitude].map { String($0) }.joined(separator: ",")
    }
}

extension NearQuery {
    /// The query parameters of the near-me endpoints.
    var parameters: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "lat", value: String(latitude)), URLQueryItem(name: "lng", value: String(longitude)),
            URLQueryItem(name: "limit", value: String(limit)),
        ]
        if let cursor { items.append(URLQueryItem(name: "cursor", value: cursor)) }
        return items
    }
}
