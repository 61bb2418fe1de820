import Foundation

/// The journal entry id argument of the commands that act on one entry.
enum JournalEntryID {
    static let argument = Positional(
        "ID", help: "The entry's id, as 'wishlist journal list' shows it.", format: .id(.journalEntry))
}
