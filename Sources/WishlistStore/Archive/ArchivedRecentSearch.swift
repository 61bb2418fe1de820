import Foundation

/// One line of `recent-searches.jsonl`.
struct ArchivedRecentSearch: Codable, Sendable, Equatable {
    var id: String
    var query: String
    var searchedAt: Date
}
