import Foundation
import HTTPClient

/// The one way the project fetches from the internet: GETs over libcurl under the outbound
/// rules (see `CurlTransfer` and `AddressRules`), paced per host.
///
/// Each request runs on its own thread, since a libcurl easy transfer blocks until it is done;
/// the timeout bounds how long that thread lives. Answers are not cached here: callers cache
/// what they made of them (a preview, a place), which is far smaller than the page.
public actor OutboundClient {
    public nonisolated let configuration: Configuration
    private let makeThrottle: @Sendable () -> @Sendable () async -> Bool
    /// One throttle per host, bounded: a host not asked for a while starts afresh.
    private var throttles: LRUCache<String, @Sendable () async -> Bool>

    public init(configuration: Configuration = Configuration()) {
        self.init(configuration: configuration, clock: ContinuousClock())
    }

    /// - Parameter clock: paces the requests to each host; tests pass a clock they control.
    public init<C: Clock>(configuration: Configuration, clock: C) where C.Duration == Duration {
        self.configuration = configuration
        makeThrottle = {
            let throttle = RequestThrottle(
                clock: clock, interval: configuration.minimumIntervalPerHost, maximumWait: configuration.maximumQueueDelay
            )
            return { await throttle.waitForTurn() != nil }
        }
        throttles = LRUCache(capacity: 4096)
    }

    /// GETs `url`, following redirects; any HTTP status is an answer, for the caller to judge.
    /// - Parameter cancellation: gives the request up when cancelled, with `.cancelled`.
    public func get(
        _ url: URL, accept: String, cancellation: OutboundCancellation? = nil
    ) async throws(OutboundError) -> OutboundResponse {
        guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host?.lowercased(), !host.isEmpty
        else { throw .unsupportedURL(url.absoluteString) }
        if cancellation?.isCancelled == true { throw .cancelled }
        // Cancelled while waiting for its turn, the transfer stops at libcurl's first progress call.
        guard await turn(for: host)() else { throw .throttled }
        let limits = CurlTransfer.Limits(
            timeout: configuration.timeout, maximumBytes: configuration.maximumBytes,
            maximumRedirects: configuration.maximumRedirects,
            allowPrivateAddresses: configuration.allowPrivateAddresses,
            exemptEndpoints: configuration.exemptEndpoints, userAgent: configuration.userAgent
        )
        return try await CurlEasy.onItsOwnThread { () throws(OutboundError) in
            try CurlTransfer.get(url, headers: ["Accept: \(accept)"], limits: limits, cancellation: cancellation)
        }
    }

    private func turn(for host: String) -> @Sendable () async -> Bool {
        if let throttle = throttles.value(for: host) { return throttle }
        let throttle = makeThrottle()
        throttles.set(throttle, for: host)
        return throttle
    }
}
