import Foundation

/// The wish id argument of the commands that act on one wish.
enum WishID {
    static let argument = Positional(
        "ID", help: "The wish's id, as 'wishlist wish list' shows it.", format: .id(.wish))
}
