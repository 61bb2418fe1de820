import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Outbound

/// A client of a Nominatim-compatible geocoder, for places the offline cities do not cover.
///
/// Off unless a base URL is configured. It is polite by construction: one request a second at
/// most across all callers, a `User-Agent` that says who we are, answers cached (bounded LRU),
/// identical questions in flight asked once. It never fails loudly: a timeout, an HTTP error or
/// a body it cannot read all answer "nothing", and the caller still has the offline results.
/// Failures are not cached, so the next ask tries again.
public actor OnlineGeocoder {
    public nonisolated let configuration: Configuration
    private let session: URLSession
    private let waitForTurn: @Sendable () async -> Bool
    private let answers: FetchCache<GeocoderRequest, [FoundPlace]>

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
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        sessionConfiguration.urlCache = nil
        sessionConfiguration.httpCookieStorage = nil
        session = URLSession(configuration: sessionConfiguration)
        let throttle = RequestThrottle(
            clock: clock, interval: configuration.minimumInterval, maximumWait: configuration.maximumQueueDelay
        )
        waitForTurn = { await throttle.waitForTurn() != nil }
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
              await waitForTurn()
        else { return nil }
        var urlRequest = URLRequest(url: url, timeoutInterval: configuration.timeout)
        urlRequest.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, response) = try? await session.data(for: urlRequest),
              (response as? HTTPURLResponse)?.statusCode == 200,
              data.count <= configuration.maximumResponseBytes
        else { return nil }
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
