import WishlistCore

/// A page of works and artists (`GET /api/v1/spots/titles`) with how many there are of each type
/// for the same search, whatever `type` the page is of: Discover shows them on its category filters.
struct SpotTitlesAnswer: Encodable {
    let items: [SpotTitle]
    let nextCursor: String?
    /// Titles of each type matching the search (or all, without one), by the type's name; every type present.
    let counts: [String: Int]

    init(page: Page<SpotTitle>, counts: [SpotType: Int]) {
        items = page.items
        nextCursor = page.nextCursor
        self.counts = Dictionary(uniqueKeysWithValues: SpotType.allCases.map { ($0.rawValue, counts[$0] ?? 0) })
    }

    private enum CodingKeys: String, CodingKey {
        case items, nextCursor, counts
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        // Written as null at the end of the list, as every page of the API does.
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(counts, forKey: .counts)
    }
}
