import WishlistCore

/// Where a page of a keyset-paged list ended (the sort key of its last item) and which list it
/// belongs to, handed out through ``OpaqueCursor``, which refuses a damaged, invented or other
/// account's cursor.
protocol ListCursor: Codable {
    associatedtype Query
    /// Whether the cursor was made for the list `query` asks for (same filters and order).
    func belongs(to query: Query) -> Bool
}

extension ListCursor {
    func encoded(owner: UserKey) throws -> String {
        try OpaqueCursor.encode(self, owner: owner)
    }

    /// The cursor in `text`, when it was made by ``encoded(owner:)`` for this owner and this list.
    init(decoding text: String, owner: UserKey, query: Query) throws(InvalidCursorError) {
        guard let cursor = OpaqueCursor.decode(text, as: Self.self, owner: owner), cursor.belongs(to: query) else {
            throw InvalidCursorError()
        }
        self = cursor
    }
}
