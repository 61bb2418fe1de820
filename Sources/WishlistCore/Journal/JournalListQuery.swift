import Foundation

/// Which entries a journal list shows: `GET /api/v1/journal?hearted=&limit=&cursor=`, and
/// `GET /api/v1/wishes/{id}/journal` (the entries mentioning one wish). Always newest `date`
/// first, entries of the same day newest created first.
public struct JournalListQuery: Sendable, Hashable {
    /// Only hearted entries when true; only the others when false; all when nil.
    public var hearted: Bool?
    /// Only entries that mention this wish of the author's.
    public var mentioning: UUID?
    public var limit: Int
    /// Where the previous page ended, as the store handed it out; nil for the first page.
    public var cursor: String?

    /// A query of the journal; throws when `limit` is not 1 to 100.
    public init(
        hearted: Bool? = nil, mentioning: UUID? = nil, limit: Int = WishListQuery.defaultLimit, cursor: String? = nil
    ) throws(ValidationError) {
        self.limit = try WishListQuery.checkedLimit(limit)
        self.hearted = hearted
        self.mentioning = mentioning
        self.cursor = cursor.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads the query parameters of the list endpoint as they came in the URL.
    public init(parameters: [String: String], mentioning: UUID? = nil) throws(ValidationError) {
        let hearted = try BooleanParameter.value(parameters["hearted"], field: "hearted")
        try self.init(
            hearted: hearted, mentioning: mentioning, limit: WishListQuery.limit(parameter: parameters["limit"]),
            cursor: parameters["cursor"])
    }
}
