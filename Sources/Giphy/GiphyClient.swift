import Foundation
import Outbound

/// A client of Giphy's API v1: search, trending, GIFs by id, and the animation of a GIF.
///
/// Every request goes through its `OutboundClient` (timeout, size limit, address rules). Pages are
/// cached for a few minutes and identical questions in flight are asked once (`FetchCache`), so
/// scrolling back up or a second tab costs no call; every GIF seen is kept by id for longer, so
/// that favoriting or saving one usually needs no call at all. Failures are never cached. After a
/// 429 no call is made until Giphy's `Retry-After` has passed, which keeps a rate-limited key from
/// digging deeper.
public actor GiphyClient {
    /// The longest search Giphy answers, in characters: it answers 414 past it.
    public static let maximumQueryLength = 50

    public nonisolated let configuration: Configuration
    private let client: OutboundClient
    /// Time since the client was made, on the injected clock.
    private let elapsed: @Sendable () -> Duration
    private let pages: FetchCache<GiphyRequest, GiphyPage, GiphyError>
    private let gifsByID: FetchCache<String, GiphyGif, GiphyError>
    private var rateLimitedUntil: Duration?

    /// How long to hold back after a 429 that did not say.
    static let defaultRetryAfter: Duration = .seconds(60)

    public init(configuration: Configuration) throws(GiphyError) {
        try self.init(configuration: configuration, clock: ContinuousClock())
    }

    /// - Parameter clock: expires cached answers and rate limits; tests pass a clock they control.
    public init<C: Clock>(configuration: Configuration, clock: C) throws(GiphyError) where C.Duration == Duration {
        let base = configuration.baseURL
        guard let scheme = base.scheme?.lowercased(), ["http", "https"].contains(scheme), base.host?.isEmpty == false
        else { throw .invalidConfiguration("The Giphy URL must be an http(s) address, not \(base.absoluteString).") }
        guard Configuration.ratings.contains(configuration.rating) else {
            throw .invalidConfiguration("The Giphy rating must be one of g, pg, pg-13 or r, not \(configuration.rating).")
        }
        guard !configuration.apiKey.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidConfiguration("The Giphy API key is empty.")
        }
        self.configuration = configuration
        var outbound = OutboundClient.Configuration()
        outbound.timeout = configuration.timeout
        outbound.maximumBytes = configuration.maximumResponseBytes
        outbound.allowPrivateAddresses = configuration.allowPrivateAddresses
        outbound.userAgent = "Wishlist/1 (+self-hosted; GIF search)"
        client = OutboundClient(configuration: outbound, clock: clock)
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        pages = FetchCache(capacity: configuration.pageCacheCapacity, lifetime: configuration.pageLifetime, clock: clock)
        gifsByID = FetchCache(capacity: configuration.gifCacheCapacity, lifetime: configuration.gifLifetime, clock: clock)
    }

    // MARK: Lists

    /// A page of GIFs matching `query` (at most 50 characters), in `language` (`en` or `ko`;
    /// English for any other).
    public func search(_ query: String, offset: Int = 0, language: String? = nil) async throws(GiphyError) -> GiphyPage {
        try await page(.validatedSearch(query, offset: offset, language: language))
    }

    /// A page of what is trending on Giphy now.
    public func trending(offset: Int = 0) async throws(GiphyError) -> GiphyPage {
        try await page(.validatedTrending(offset: offset))
    }

    private func page(_ request: GiphyRequest) async throws(GiphyError) -> GiphyPage {
        try await pages.value(for: request) { () async throws(GiphyError) -> GiphyPage in
            let answer = try await self.answer(request)
            let offset = request.offset
            let count = answer.count ?? answer.gifs.count
            let total = answer.totalCount ?? offset + count
            let next = offset + count
            return GiphyPage(
                gifs: answer.gifs, offset: offset, count: count, totalCount: total,
                nextOffset: count > 0 && next < total && next <= (request.maximumOffset ?? 0) ? next : nil)
        }
    }

    // MARK: GIFs by id

    /// Whether `id` could be a Giphy id at all (what `gif(id:)` asks Giphy about), for callers
    /// that must tell "no such GIF" without asking.
    public nonisolated static func isPossibleID(_ id: String) -> Bool {
        (try? GiphyRequest.validID(id)) != nil
    }

    /// One GIF, from the GIFs already seen or from Giphy.
    public func gif(id: String) async throws(GiphyError) -> GiphyGif {
        let id = try GiphyRequest.validID(id)
        return try await gifsByID.value(for: id) { () async throws(GiphyError) -> GiphyGif in
            guard let gif = try await self.answer(.gif(id: id)).gifs.first(where: { $0.id == id }) else { throw .notFound(id: id) }
            return gif
        }
    }

    /// The GIFs of `ids` that Giphy knows, in the order asked; those not yet seen in one call.
    public func gifs(ids: [String]) async throws(GiphyError) -> [GiphyGif] {
        var ids = try ids.map { id throws(GiphyError) in try GiphyRequest.validID(id) }
        ids = ids.enumerated().filter { ids.firstIndex(of: $0.element) == $0.offset }.map(\.element)
        var found: [String: GiphyGif] = [:]
        for id in ids { found[id] = await gifsByID.cached(id) }
        let missing = ids.filter { found[$0] == nil }
        if !missing.isEmpty {
            for gif in try await answer(.gifs(ids: missing)).gifs { found[gif.id] = gif }
        }
        return ids.compactMap { found[$0] }
    }

    // MARK: Animations

    /// The bytes of the fullest animation of `gif` that fits the size limit.
    public func animationData(of gif: GiphyGif) async throws(GiphyError) -> [UInt8] {
        guard let rendition = gif.animation(notLargerThan: configuration.maximumResponseBytes) else {
            throw .upstreamFailed("every animation of GIF \(gif.id) is larger than \(configuration.maximumResponseBytes >> 20) MB")
        }
        let response: OutboundResponse
        do {
            response = try await client.get(rendition.url, accept: "image/gif")
        } catch {
            throw .upstreamFailed("the animation could not be fetched: \(error)")
        }
        guard response.status == 200 else {
            throw .upstreamFailed("the animation's server answered HTTP \(response.status)")
        }
        return response.body
    }

    // MARK: Calls

    /// Giphy's answer to `request`, unless a rate limit is still running; every GIF in it is
    /// remembered by id, and a rate limit it brings holds back every call until it ends.
    private func answer(_ request: GiphyRequest) async throws(GiphyError) -> GiphyAnswer {
        if let until = rateLimitedUntil {
            let left = until - elapsed()
            if left > .zero { throw .rateLimited(retryAfterSeconds: Self.wholeSeconds(left)) }
            rateLimitedUntil = nil
        }
        guard
            let url = request.url(
                base: configuration.baseURL, key: configuration.apiKey, rating: configuration.rating,
                pageSize: configuration.pageSize)
        else { throw .upstreamFailed("no URL could be made for the request") }
        do {
            let answer = try await fetch(request, url)
            for gif in answer.gifs { await gifsByID.store(gif, for: gif.id) }
            return answer
        } catch {
            if case .rateLimited(let seconds) = error { rateLimitedUntil = elapsed() + .seconds(seconds) }
            throw error
        }
    }

    private nonisolated func fetch(_ request: GiphyRequest, _ url: URL) async throws(GiphyError) -> GiphyAnswer {
        let response: OutboundResponse
        do {
            response = try await client.get(url, accept: "application/json")
        } catch .unsupportedURL {
            // Not `error.description`, which would name the URL, and the URL carries the key.
            throw .upstreamFailed("Giphy redirected to an address that is not http(s)")
        } catch {
            throw .upstreamFailed(error.description)
        }
        return try GiphyAnswer(response, to: request, defaultRetryAfter: Self.wholeSeconds(Self.defaultRetryAfter))
    }

    static func wholeSeconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) + (duration.components.attoseconds > 0 ? 1 : 0)
    }
}
