import Foundation

/// One line of `shares.jsonl`: a share of the account (X7, X8) as the owner set it up. Its link's
/// token is left out (an archive lying around must not open the list) and so is every
/// reservation (the owner never learns of them). An import reads the file but makes no links:
/// the owner makes new ones on the new server.
struct ArchivedShare: Codable, Sendable, Equatable {
    var id: String
    var title: String
    var tag: String?
    var showMemos: Bool
    var showPrices: Bool
    var showPlaces: Bool
    var allowReservations: Bool
    var createdAt: Date
    var expiresAt: Date?
    var views: Int
    var lastViewedAt: Date?
}
