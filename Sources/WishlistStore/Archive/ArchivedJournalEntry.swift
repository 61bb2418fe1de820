import Foundation
import WishlistCore

/// One line of `journal.jsonl`: an entry as stored, with its photos and the wishes it mentions, in order.
struct ArchivedJournalEntry: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var contents: String
    /// `YYYY-MM-DD`.
    var date: String
    /// `HH:MM`.
    var time: String?
    var hearted: Bool
    var place: Place?
    var createdAt: Date
    var updatedAt: Date
    var version: Int
    var photoIds: [String]
    var wishIds: [String]
}
