import Foundation
import Geocoding
import HTTPServer
import WishlistCore
import WishlistStore

/// Place search and reverse geocoding (W9, W10), the map's markers (W11, K3) and "near me" (K4).
struct PlacesController: Sendable {
    let wishes: WishRepository
    let places: PlaceSearch
    let authenticator: Authenticator
    let readCache: ReadCache
    let map: MapSettings

    /// What the web app's map needs to know of the server's configuration.
    struct MapSettings: Encodable, Sendable {
        /// A tile URL template like `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, or nil for no tiles.
        let tileURL: String?
        let attribution: String?

        /// Absent values as explicit nulls, as the API writes them everywhere.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tileURL, forKey: .tileURL)
            try container.encode(attribution, forKey: .attribution)
        }

        private enum CodingKeys: String, CodingKey { case tileURL, attribution }
    }

    func register(in router: inout Router) {
        router.group(.signedIn(authenticator)) { routes in
            routes.add(APIRoute.Places.search, search)
            routes.add(APIRoute.Places.reverse, reverse)
            routes.add(APIRoute.Places.markers, readCache.reads(markers))
            routes.add(APIRoute.Places.mapSettings) { _, _ in .api(map) }
            routes.add(APIRoute.Places.wishesNear, readCache.reads(near))
        }
    }

    struct Reversed: Encodable {
        let name: String
        let admin: String?
        let country: String
        let latitude: Double
        let longitude: Double
        let distanceMeters: Double
    }

    func search(_ request: Request, _ account: Account) throws -> Response {
        let query = try WishSearchResult.normalizedQuery(request.query["q"] ?? "")
        let limit = try Self.limit(request.query["limit"], default: 10, maximum: 50)
        let places = self.places
        return .api(ItemList(blocking { await places.search(query, limit: limit) }))
    }

    func reverse(_ request: Request, _ account: Account) throws -> Response {
        let point = try NearQuery(parameters: request.query.filter { ["lat", "lng"].contains($0.key) })
        let places = self.places
        let language = Self.language(request)
        let nearest = try blocking { () -> NearestPlace? in
            try? await places.reverse(latitude: point.latitude, longitude: point.longitude, language: language)
        }.orThrow(HTTPError(.notFound, code: "no_place", message: "No known place is near this point."))
        return .api(
            Reversed(
                name: nearest.place.name, admin: nearest.place.admin, country: nearest.place.country,
                latitude: nearest.place.latitude, longitude: nearest.place.longitude,
                distanceMeters: nearest.distanceMeters.rounded()))
    }

    func markers(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        let box = try BoundingBox(parameter: request.query["bbox"])
        let zoom = try MapMarkers.zoom(parameter: request.query["zoom"], box: box)
        return .api(try wishes.markers(in: box, zoom: zoom, owner: owner))
    }

    func near(_ request: Request, _ account: Account) throws -> Response {
        let owner = account.key
        return .api(try wishes.near(NearQuery(parameters: request.query), owner: owner))
    }

    /// The language to name places in: `lang`, else the first of `Accept-Language` (e.g. `ko`);
    /// English names when the gazetteer has no names in it.
    static func language(_ request: Request) -> String? {
        guard let wanted = request.preferredLanguage, wanted != "en" else { return nil }
        return OfflineGazetteer.defaultLanguages.contains(wanted) ? wanted : nil
    }

    private static func limit(_ text: String?, default value: Int, maximum: Int) throws -> Int {
        guard let text else { return value }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw ValidationError(
                field: "limit", code: "invalid_limit", message: "Limit must be a whole number from 1 to \(maximum).")
        }
        return limit
    }
}

extension Optional {
    /// The value, or `error` thrown.
    func orThrow(_ error: @autoclosure () -> any Error) throws -> Wrapped {
        guard let self else { throw error() }
        return self
    }
}
