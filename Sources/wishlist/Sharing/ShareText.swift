import Foundation
import WishlistCore

/// How `share` commands print a share for people.
enum ShareText {
    /// The url on the first line, then what the link shows.
    static func details(_ share: Share) -> String {
        var shows = [share.showMemos ? "memos" : nil, share.showPrices ? "prices" : nil, share.showPlaces ? "places" : nil]
            .compactMap { $0 }
        if shows.isEmpty { shows = ["names, links and photos only"] }
        return [
            share.url,
            "id:      \(share.id.uuidString.lowercased())",
            "title:   \(share.title)",
            "wishes:  \(share.tag.map { "tagged \($0)" } ?? "all")",
            "shows:   \(shows.joined(separator: ", "))",
            "reserve: \(share.allowReservations ? "allowed" : "off")",
            share.expiresAt.map { "expires: \($0.iso8601String)" },
            "views:   \(share.views)"
        ].compactMap { $0 }.joined(separator: "\n")
    }

    /// One line a share: short id, title, tag, views, url.
    static func table(_ shares: [Share]) -> String {
        Output.table(
            shares.map { share in
                [
                    String(share.id.uuidString.lowercased().prefix(8)), share.title, share.tag.map { "#\($0)" } ?? "all",
                    "\(share.views) views", share.url
                ]
            }, flexibleColumn: 1, empty: "No shares yet: make one with 'wishlist share create'.")
    }
}
