import Foundation

/// Reads a journal entry id argument.
enum JournalEntryID {
    static func parse(_ arguments: inout Arguments) throws -> UUID {
        try WishID.parse(&arguments, record: "journal entry", listing: "wishlist journal list")
    }
}
