/// The all-groups answer of `GET /api/v1/search`: wishes whose name matches, wishes with a matching
/// tag, wishes whose memo or link's site matches (found by the store), journal entries whose title or
/// contents match, places whose name matches (the server adds them from the gazetteer) and
/// K-culture spots matching the query; with each paged group's total and next cursor in `paging`.
/// A group that was not asked for (`groups=`) is empty, its `paging` member null.
public struct WishSearchResult: Codable, Sendable, Hashable {
    public static let groupLimit = 50
    public static let queryLimit = 200

    public var query: String
    public var byName: [Wish]
    public var byTag: [Wish]
    public var byText: [Wish]
    public var journal: [JournalEntry]
    public var places: [Place]
    public var spots: [Spot]
    public var paging: SearchPaging

    /// What a search found, group by group.
    public init(
        query: String, byName: [Wish] = [], byTag: [Wish] = [], byText: [Wish] = [], journal: [JournalEntry] = [],
        places: [Place] = [], spots: [Spot] = [], paging: SearchPaging = SearchPaging()
    ) {
        self.query = query
        self.byName = byName
        self.byTag = byTag
        self.byText = byText
        self.paging = paging
        self.journal = journal
        self.places = places
        self.spots = spots
    }

    /// The search text trimmed with inner white space collapsed; 1–200 characters.
    public static func normalizedQuery(_ raw: String) throws(ValidationError) -> String {
        let query = raw.collapsingWhitespace()
        guard !query.isEmpty else {
            throw ValidationError(field: "q", code: "query_required", message: "Type something to search for.")
        }
        guard query.count <= queryLimit else {
            throw ValidationError(
                field: "q", code: "query_too_long",
                message: "A search can be at most \(queryLimit) characters long.")
        }
        return query
    }
}

/// The JSON of the synthesized `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension WishSearchResult: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("byName", byName)
            try json.field("byTag", byTag)
            try json.field("byText", byText)
            try json.field("journal", journal)
            try json.field("paging", paging)
            try json.field("places", places)
            try json.field("query", query)
            try json.field("spots", spots)
        }
    }
}
