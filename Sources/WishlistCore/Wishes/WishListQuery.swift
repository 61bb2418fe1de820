/// Which wishes a list shows and how: `GET /api/v1/wishes?favorite=&tag=&sort=&limit=&cursor=`.
public struct WishListQuery: Sendable, Hashable {
    public static let defaultLimit = 24
    public static let maximumLimit = 100

    /// Only favorites when true; only the others when false; all when nil.
    public var favorite: Bool?
    /// Only wishes with this tag, compared ignoring case after ``Tag/normalize(_:)``.
    public var tag: String?
    public var sort: WishSort
    public var limit: Int
    /// Where the previous page ended, as the store handed it out; nil for the first page.
    public var cursor: String?

    /// A query of the wishes; throws when `limit` is not 1 to 100.
    public init(
        favorite: Bool? = nil, tag: String? = nil, sort: WishSort = .newest,
        limit: Int = defaultLimit, cursor: String? = nil
    ) throws(ValidationError) {
        self.limit = try Self.checkedLimit(limit)
        self.favorite = favorite
        self.tag = tag.map(Tag.normalize).flatMap { $0.isEmpty ? nil : $0 }
        self.sort = sort
        self.cursor = cursor.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The `limit` parameter of a paged endpoint: the default when absent, else a whole number
    /// (its range is checked with the other fields).
    public static func limit(parameter: String?) throws(ValidationError) -> Int {
        guard let parameter else { return defaultLimit }
        guard let number = Int(parameter) else { throw invalidLimit }
        return number
    }

    /// `limit` when it is a page size a paged endpoint accepts: 1–100.
    static func checkedLimit(_ limit: Int) throws(ValidationError) -> Int {
        guard (1...maximumLimit).contains(limit) else { throw invalidLimit }
        return limit
    }

    private static var invalidLimit: ValidationError {
        ValidationError(
            field: "limit", code: "invalid_limit", message: "Limit must be a whole number from 1 to \(maximumLimit).")
    }

    /// Reads the query parameters of the list endpoint as they came in the URL.
    public init(parameters: [String: String]) throws(ValidationError) {
        let favorite = try BooleanParameter.value(parameters["favorite"], field: "favorite")
        let limit = try Self.limit(parameter: parameters["limit"])
        try self.init(
            favorite: favorite, tag: parameters["tag"], sort: try WishSort(parameter: parameters["sort"]),
            limit: limit, cursor: parameters["cursor"])
    }
}
