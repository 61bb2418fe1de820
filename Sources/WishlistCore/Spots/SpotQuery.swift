/// Which spots a list shows: `GET /api/v1/spots?title=&type=&placeType=&q=&limit=&cursor=` and,
/// without `title` and `placeType`, `GET /api/v1/spots/titles?type=&q=&limit=&cursor=`.
public struct SpotQuery: Sendable, Hashable {
    /// Only the spots of this work or artist (its title exactly as the data set spells it).
    public var title: String?
    public var type: SpotType?
    /// Only places of this kind: `restaurant`, `cafe`…
    public var placeType: String?
    /// Search text matched against place names, titles and their aliases, descriptions and addresses.
    public var text: String?
    public var limit: Int
    public var cursor: String?

    public static let placeTypeLimit = 40

    /// A query of spots; throws when `limit` is not 1 to 100.
    public init(
        title: String? = nil, type: SpotType? = nil, placeType: String? = nil, text: String? = nil,
        limit: Int = WishListQuery.defaultLimit, cursor: String? = nil
    ) throws(ValidationError) {
        self.limit = try WishListQuery.checkedLimit(limit)
        if let title = title?.collapsingWhitespace(), !title.isEmpty {
            guard title.count <= Place.nameLimit else {
                throw ValidationError(
                    field: "title", code: "title_too_long",
                    message: "A title can be at most \(Place.nameLimit) characters long.")
            }
            self.title = title
        }
        if let placeType, !placeType.isEmpty {
            guard placeType.count <= Self.placeTypeLimit, placeType.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
            else {
                throw ValidationError(
                    field: "placeType", code: "invalid_place_type",
                    message: "placeType is a kind of place in lower-case letters, such as restaurant or cafe.")
            }
            self.placeType = placeType
        }
        if let text, !text.collapsingWhitespace().isEmpty {
            self.text = try WishSearchResult.normalizedQuery(text)
        }
        self.type = type
        self.cursor = cursor.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads the query parameters as they came in the URL.
    public init(parameters: [String: String]) throws(ValidationError) {
        try self.init(
            title: parameters["title"], type: SpotType(parameter: parameters["type"]),
            placeType: parameters["placeType"], text: parameters["q"],
            limit: WishListQuery.limit(parameter: parameters["limit"]), cursor: parameters["cursor"])
    }
}
