import Foundation
import WishlistCore

extension JournalRepository {
    /// Where a page of a journal list ended: the sort key of its last entry (day, creation time,
    /// row), plus the filters of the list it belongs to.
    ///
    /// Handed out through ``OpaqueCursor``, which refuses a damaged, invented or other account's cursor.
    struct Cursor: Codable, Equatable {
        var hearted: Bool?
        var mentioning: UUID?
        var day: String
        var createdAt: Int64
        var rowID: Int64

        init(after rowID: Int64, day: String, createdAt: Int64, query: JournalListQuery) {
            hearted = query.hearted
            mentioning = query.mentioning
            self.day = day
            self.createdAt = createdAt
            self.rowID = rowID
        }

        func encoded(owner: UserKey) throws -> String {
            try OpaqueCursor.encode(self, owner: owner)
        }

        /// The cursor in `text`, when it was made by ``encoded(owner:)`` for this owner and this list.
        init(decoding text: String, owner: UserKey, query: JournalListQuery) throws(InvalidCursorError) {
            guard let cursor = OpaqueCursor.decode(text, as: Cursor.self, owner: owner),
                cursor.hearted == query.hearted, cursor.mentioning == query.mentioning
            else { throw InvalidCursorError() }
            self = cursor
        }
    }
}
