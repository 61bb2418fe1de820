import Foundation
import WishlistCore

extension Output {
    /// A journal entry's columns in a list: id, heart, date, title.
    static func columns(_ entry: JournalEntry) -> [String] {
        [entry.id.uuidString.lowercased(), entry.hearted ? "♥" : " ", entry.date, entry.title]
    }

    /// One line for a journal entry: its columns.
    static func line(_ entry: JournalEntry) -> String {
        table([columns(entry)], flexibleColumn: 3, empty: "")
    }

    /// The whole entry: its fields a line each, then the contents as written.
    static func details(_ entry: JournalEntry) -> String {
        var lines = [
            "\(entry.hearted ? "♥ " : "")\(entry.title)", "id:      \(entry.id.uuidString.lowercased())",
            "date:    \(entry.date)\(entry.time.map { " " + $0 } ?? "")"
        ]
        if let place = entry.place { lines.append("place:   \(place.name) (\(place.latitude), \(place.longitude))") }
        if !entry.wishIDs.isEmpty { lines.append("wishes:  \(entry.wishIDs.map { $0.uuidString.lowercased() }.joined(separator: ", "))") }
        if !entry.photos.isEmpty { lines.append("photos:  \(entry.photos.count)") }
        lines.append("created: \(entry.createdAt.iso8601String)  version \(entry.version)")
        if !entry.contents.isEmpty { lines += ["", entry.contents] }
        return lines.joined(separator: "\n")
    }

    static func lines(_ entries: [JournalEntry], empty: String) -> String {
        table(entries.map(columns), flexibleColumn: 3, empty: empty)
    }
}
