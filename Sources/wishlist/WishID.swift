import Foundation

/// Reads a wish id argument.
enum WishID {
    static func parse(_ arguments: inout Arguments) throws -> UUID {
        let text = try arguments.positional("the wish's ID")
        guard let id = UUID(uuidString: text) else {
            throw UsageError("'\(text)' is not a wish id (a UUID, as 'wishlist wish list' shows).")
        }
        return id
    }
}
