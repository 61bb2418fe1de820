import Foundation
import Outbound

/// A client of a Nominatim-compatible geocoder, for places the offline cities do not cover.
///
/// Off unless a base URL is configured. It is polite by construction: one request a second at
/// most across all callers (its `OutboundClient`'s throttle for the one host it asks), a
/// `User-Agent` that says who we are, answers cached (bounded LRU),
/// identical questions in flight asked once. It never fails loudly: a timeout, an HTTP error or
/// a body it cannot read all answer "nothing", and the caller still has the offline results.
/// Failures are not cached, so the next ask tries again.
public actor OnlineGeocoder {
    public nonisolated let configuration: Configuration
    private let client: OutboundClient
    private let answers: FetchCache<GeocoderRequest, [FoundPlace], NoAnswer>

    public init(configuration: Configuration) throws(GeocodingError) {
        try self.init(configuration: configuration, clock: ContinuousClock())
    }

    /// - Parameter clock: paces the requests; tests pass a clock they control.
    public init<C: Clock>(configuration: Configuration, clock: C) throws(GeocodingError) where C.Duration == Duration {
        let base = configuration.baseURL
        guard let scheme = base.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = base.host, !host.isEmpty
        else { throw .invalidBaseURL(base.absoluteString) }
        self.configuration = configuration
        var outbound = OutboundClient.Configuration()
        outbound.timeout = .milliseconds(Int(configuration.timeout * 1000))
        outbound.maximumBytes = configuration.maximumResponseBytes
        outbound.minimumIntervalPerHost = configuration.minimumInterval
        outbound.maximumQueueDelay = configuration.maximumQueueDelay
        outbound.allowPrivateAddresses = configuration.allowPrivateAddresses
        outbound.userAgent = configuration.userAgent
        client = OutboundClient(configuration: outbound, clock: clock)
        answers = FetchCache(capacity: configuration.cacheCapacity)
    }

    /// Places matching free text, in the geocoder's order; empty on any failure.
    public func search(_ query: String, limit: Int = 10) async -> [FoundPlace] {
        guard let request = GeocoderRequest.search(query, limit: limit) else { return [] }
        return Array(await answer(request).prefix(limit))
    }

    /// What the geocoder says is at a point, with the distance to it; nil on any failure.
    public func reverse(latitude: Double, longitude: Double) async -> NearestPlace? {
        let point = Coordinate(latitude: latitude, longitude: longitude)
        guard point.isValid, let place = await answer(.reverse(point)).first else { return nil }
        return NearestPlace(place: place, distanceMeters: GreatCircle.distance(point, place.coordinate))
    }

    private func answer(_ request: GeocoderRequest) async -> [FoundPlace] {
        await answers.value(for: request) { await self.fetch(request) } ?? []
    }

    /// One throttled round trip; nil when anything went wrong (so that it is not cached).
    private nonisolated func fetch(_ request: GeocoderRequest) async -> [FoundPlace]? {
        guard let url = request.url(base: configuration.baseURL, language: configuration.language),
            let response = try? await client.get(url, accept: "application/json"), response.status == 200
        else { return nil }
        let data = Data(response.body)
        let decoder = JSONDecoder()
        switch request {
        case .search:
            return (try? decoder.decode([NominatimPlace].self, from: data))?.compactMap(\.place)
        case .reverse:
            // "Nothing here" comes back as {"error": "Unable to geocode"}: an answer, not a failure.
            if let place = try? decoder.decode(NominatimPlace.self, from: data) { return place.place.map { [$0] } }
            return (try? decoder.decode([String: String].self, from: data))?["error"] != nil ? [] : nil
        }
    }
}
