import Foundation
import WishlistClient
import WishlistCore

/// The share id argument of `share rotate` and `share revoke`: the whole id or its first 8
/// characters or more, as `share list` prints it, found among the account's shares (an account
/// has a few, so they are listed rather than looked up by prefix on the server).
enum ShareID {
    static let argument = Positional(
        "ID", help: "The share's id, as 'wishlist share list' shows it (its first 8 characters are enough).",
        format: ValueFormat(expected: "a share id (a UUID, or its first 8 characters or more)") { text in
            let prefix = text.lowercased()
            return prefix.count >= 8 && prefix.allSatisfy { $0.isHexDigit || $0 == "-" } ? prefix : nil
        })

    /// The one share whose id starts with `prefix`.
    static func resolve(_ prefix: String, _ client: WishlistClient) async throws -> UUID {
        let matches = try await client.shares().filter { $0.id.uuidString.lowercased().hasPrefix(prefix) }
        guard matches.count == 1, let share = matches.first else {
            throw CommandFailure(
                matches.isEmpty ? "You have no share with the id \(prefix)." : "Several shares start with \(prefix): give more of the id.")
        }
        return share.id
    }
}
