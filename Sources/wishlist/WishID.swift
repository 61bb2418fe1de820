import Foundation

/// Reads the id argument of a command about one record: a wish's unless told otherwise.
enum WishID {
    /// - Parameters:
    ///   - record: what the id names, in the error ("journal entry").
    ///   - listing: the command that shows such ids.
    static func parse(
        _ arguments: inout Arguments, record: String = "wish", listing: String = "wishlist wish list"
    ) throws -> UUID {
        let text = try arguments.positional("the \(record)'s ID")
        guard let id = UUID(uuidString: text) else {
            throw UsageError("'\(text)' is not a \(record) id (a UUID, as '\(listing)' shows).")
        }
        return id
    }
}
