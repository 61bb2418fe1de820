import Foundation
import Outbound

/// A question for the online geocoder, normalised so that equal questions share a cache entry.
enum GeocoderRequest: Hashable, Sendable {
    case search(query: String, limit: Int)
    /// Coordinates rounded to 1e-5° (about a metre): nearby asks share an answer.
    case reverse(latitude: Double, longitude: Double)

    /// Nominatim's search takes free text; past this length a query is no longer a place name.
    static let maximumQueryLength = 200

    /// nil when there is nothing worth asking (a blank query).
    static func search(_ query: String, limit: Int) -> GeocoderRequest? {
        let words = query.prefix(maximumQueryLength).lowercased()
            .split { (character: Character) in
                character.isWhitespace || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
            }
        guard !words.isEmpty, limit > 0 else { return nil }
        return .search(query: words.joined(separator: " "), limit: min(limit, 50))
    }

    static func reverse(_ point: Coordinate) -> GeocoderRequest {
        .reverse(latitude: (point.latitude * 1e5).rounded() / 1e5, longitude: (point.longitude * 1e5).rounded() / 1e5)
    }

    /// The Nominatim URL under `base` (which may carry a path prefix, e.g. `https://host/nominatim`).
    func url(base: URL, language: String?) -> URL? {
        var items: [(String, String)] = [("format", "jsonv2"), ("addressdetails", "1")]
        let path: String
        switch self {
        case .search(let query, let limit):
            path = "search"
            items += [("q", query), ("limit", String(limit))]
        case .reverse(let latitude, let longitude):
            path = "reverse"
            items += [("lat", String(latitude)), ("lon", String(longitude))]
        }
        if let language { items.append(("accept-language", language)) }
        return .outbound(base: base, path: path, query: items)
    }
}
