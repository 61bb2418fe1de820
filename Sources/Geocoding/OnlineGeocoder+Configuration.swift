import Foundation

extension OnlineGeocoder {
    /// Where the geocoder is and how politely to use it; the defaults follow Nominatim's usage policy.
    public struct Configuration: Sendable {
        /// The server's root, e.g. `https://nominatim.openstreetmap.org`; `/search` and `/reverse` go under it.
        public var baseURL: URL
        public var userAgent = "Wishlist/1 (+self-hosted)"
        /// Preferred answer languages (`accept-language`), e.g. "ko,en"; the server's default when nil.
        public var language: String?
        public var minimumInterval: Duration = .seconds(1)
        /// A request that would have to queue longer than this is not made at all.
        public var maximumQueueDelay: Duration = .seconds(2)
        /// Seconds for the whole round trip.
        public var timeout: TimeInterval = 5
        public var cacheCapacity = 512
        public var maximumResponseBytes = 1 << 20
        /// Lets the geocoder be on a private network (a home lab's own Nominatim); see `OutboundClient`.
        public var allowPrivateAddresses = false

        public init(baseURL: URL) {
            self.baseURL = baseURL
        }
    }
}
