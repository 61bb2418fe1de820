/// FoundPlace search as the product uses it: the offline cities always, the online geocoder's
/// answers added when one is configured, duplicates dropped.
public struct PlaceSearch: Sendable {
    private let loadOffline: @Sendable () -> OfflineGazetteer
    public let online: OnlineGeocoder?

    /// The offline cities, loaded at the first search rather than when a server starts: an idle
    /// server stays small and starts fast.
    public var offline: OfflineGazetteer { loadOffline() }

    /// Two answers this close are the same place whatever they are called.
    static let samePointMeters = 100.0
    /// Two answers with the same name this close are the same place (a city's centre differs by source).
    static let sameNameMeters = 30_000.0

    public init(offline: @autoclosure @escaping @Sendable () -> OfflineGazetteer = .shared, online: OnlineGeocoder? = nil) {
        loadOffline = offline
        self.online = online
    }

    /// Offline matches first, then online ones that are new. When both have more than enough,
    /// the online ones keep at least half of the `limit`: they are there for what the offline
    /// cities lack (a street, a village, a landmark).
    public func search(_ query: String, limit: Int = 10) async -> [FoundPlace] {
        let limit = min(limit, OfflineGazetteer.maximumLimit)
        guard limit > 0 else { return [] }
        let cities = offline.search(query, limit: limit)
        guard let online else { return cities }
        var fresh: [FoundPlace] = []
        for place in await online.search(query, limit: limit)
        where !(cities + fresh).contains(where: { Self.isSamePlace($0, place) }) {
            fresh.append(place)
        }
        let citiesKept = max(limit - fresh.count, (limit + 1) / 2)
        return Array((cities.prefix(citiesKept) + fresh).prefix(limit))
    }

    /// The nearest offline city, or the online answer when that is closer to the point.
    public func reverse(
        latitude: Double, longitude: Double, language: String? = nil
    ) async throws(GeocodingError) -> NearestPlace {
        let city = try offline.reverse(latitude: latitude, longitude: longitude, language: language)
        guard let online, let answer = await online.reverse(latitude: latitude, longitude: longitude),
            answer.distanceMeters < city.distanceMeters
        else { return city }
        return answer
    }

    static func isSamePlace(_ a: FoundPlace, _ b: FoundPlace) -> Bool {
        let distance = GreatCircle.distance(a.coordinate, b.coordinate)
        return distance < samePointMeters
            || (distance < sameNameMeters && SearchText.fold(a.name) == SearchText.fold(b.name))
    }
}
