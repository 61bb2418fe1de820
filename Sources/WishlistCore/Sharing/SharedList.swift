import Foundation

/// `GET /api/v1/shared/{token}`: one page of a shared list, newest wish first, with what a
/// friend's page needs to show it.
public struct SharedList: Codable, Sendable, Hashable {
    /// Whose list it is.
    public struct Owner: Codable, Sendable, Hashable {
        public var username: String

        /// The owner by their username.
        public init(username: String) { self.username = username }
    }

    public var title: String
    public var owner: Owner
    /// Whether friends may reserve its wishes (the page shows "I'll get this" only then).
    public var allowReservations: Bool
    /// How many wishes the whole list has.
    public var total: Int
    public var items: [SharedWish]
    public var nextCursor: String?

    /// A page of a shared list.
    public init(
        title: String, owner: Owner, allowReservations: Bool, total: Int, items: [SharedWish], nextCursor: String?
    ) {
        self.title = title
        self.owner = owner
        self.allowReservations = allowReservations
        self.total = total
        self.items = items
        self.nextCursor = nextCursor
    }

    private enum CodingKeys: String, CodingKey { case title, owner, allowReservations, total, items, nextCursor }

    /// `nextCursor` is written as `null` on the last page.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(owner, forKey: .owner)
        try container.encode(allowReservations, forKey: .allowReservations)
        try container.encode(total, forKey: .total)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
