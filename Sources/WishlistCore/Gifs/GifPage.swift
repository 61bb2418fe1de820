/// A page of GIF search or trending results: `{items, pagination}`.
public struct GifPage: Codable, Sendable, Hashable {
    /// Where the page is among all results.
    public struct Pagination: Codable, Sendable, Hashable {
        public var offset: Int
        /// Results Giphy gave for this page (a GIF without usable files is counted but not listed).
        public var count: Int
        public var totalCount: Int
        /// The `offset` of the next page; null at the end of the results, or where Giphy stops
        /// paging (offset 4,999 for search, 499 for trending).
        public var nextOffset: Int?

        /// Where a page starts, how many results it had of how many, and where the next one starts.
        public init(offset: Int, count: Int, totalCount: Int, nextOffset: Int?) {
            self.offset = offset
            self.count = count
            self.totalCount = totalCount
            self.nextOffset = nextOffset
        }

        private enum CodingKeys: String, CodingKey { case offset, count, totalCount, nextOffset }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(offset, forKey: .offset)
            try container.encode(count, forKey: .count)
            try container.encode(totalCount, forKey: .totalCount)
            try container.encode(nextOffset, forKey: .nextOffset)
        }
    }

    public var items: [Gif]
    public var pagination: Pagination

    /// The GIFs of a page and where it is among all results.
    public init(items: [Gif], pagination: Pagination) {
        self.items = items
        self.pagination = pagination
    }
}
