import Foundation
import WishlistCore

/// One line of `wishes.jsonl`: a wish as stored, with its photos (by id, in order), the prices seen
/// on its link and the K-culture spot it was made from.
struct ArchivedWish: Codable, Sendable, Equatable {
    struct Price: Codable, Sendable, Equatable {
        /// As recorded, e.g. `"129000"` or `"19.90"`: kept as text so that no digit changes.
        var amount: String
        var currency: String?
        var seenAt: Date
    }

    var id: String
    var name: String
    var memo: String?
    var link: String?
    var tags: [String]
    var place: Place?
    var favorite: Bool
    /// In no share; absent in archives from before sharing (not private then).
    var `private`: Bool?
    var createdAt: Date
    var updatedAt: Date
    var version: Int
    var photoIds: [String]
    /// Newest first.
    var prices: [Price]
    var spotId: String?
}
