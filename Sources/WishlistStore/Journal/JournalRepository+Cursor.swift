import Foundation
import WishlistCore

extension JournalRepository {
    /// Where a page of a journal list ended: the sort key of its last entry (day, creation time,
    /// row), plus the filters of the list it belongs to.
    struct Cursor: ListCursor, Equatable {
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

        func belongs(to query: JournalListQuery) -> Bool {
            hearted == query.hearted && mentioning == query.mentioning
        }
    }
}
