import Foundation

extension OutboundClient {
    /// The limits every request of one client obeys.
    public struct Configuration: Sendable {
        /// For the whole request, redirects included.
        public var timeout: Duration = .seconds(10)
        /// The most body bytes read (decoded); a larger answer fails with `.tooLarge`.
        public var maximumBytes = 5 << 20
        public var maximumRedirects = 5
        /// Requests to one host start at least this far apart.
        public var minimumIntervalPerHost: Duration = .milliseconds(100)
        /// A request that would have to queue longer than this for its host fails with `.throttled`.
        public var maximumQueueDelay: Duration = .seconds(10)
        /// Lifts the address rules: for test suites and home labs whose servers are on a private network.
        public var allowPrivateAddresses = false
        /// "address:port" pairs the address rules let through while they hold for every other
        /// address: a test's loopback server standing in for a public host, e.g. to redirect from it.
        var exemptEndpoints: Set<String> = []
        public var userAgent = "Wishlist/1 (+self-hosted; link previews)"

        public init() {}
    }
}
