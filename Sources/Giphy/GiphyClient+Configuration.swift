import Foundation

extension GiphyClient {
    /// Where Giphy is, the key and content rating to ask with, and how long answers are kept.
    public struct Configuration: Sendable {
        /// Giphy's API root; `/v1/gifs/…` go under it. A Giphy-compatible server may stand in.
        public var baseURL = URL(string: "https://api.giphy.com")!
        public var apiKey: String
        /// The highest content rating asked for: `g`, `pg`, `pg-13` or `r`.
        public var rating = "g"
        /// Results a page; Giphy allows up to 50.
        public var pageSize = 24
        /// For the whole round trip.
        public var timeout: Duration = .seconds(5)
        /// How long a page of results is reused: scrolling back or a second tab costs no call.
        public var pageLifetime: Duration = .seconds(5 * 60)
        /// How long a GIF seen in any answer can be had by id without asking Giphy.
        public var gifLifetime: Duration = .seconds(60 * 60)
        public var pageCacheCapacity = 256
        public var gifCacheCapacity = 2_048
        /// The largest file fetched; Giphy's API answers are far smaller, animations rarely larger.
        public var maximumResponseBytes = 16 << 20
        /// Lets a stand-in for Giphy be on a private network (tests, a home lab); see `OutboundClient`.
        public var allowPrivateAddresses = false

        /// The content ratings Giphy knows, mildest first.
        public static let ratings = ["g", "pg", "pg-13", "r"]

        public init(apiKey: String) {
            self.apiKey = apiKey
        }
    }
}
