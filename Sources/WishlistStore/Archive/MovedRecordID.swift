import Crypto
import Foundation
import WishlistCore

/// The id a record gets when it moves into an account while another account on this server holds
/// its archived id (one person's export imported by another). Derived, not random: the same
/// archive imported twice gives the same ids, so the second import finds them and skips them, and
/// the import's plan made before its files are placed equals the one made inside its transaction.
enum MovedRecordID {
    /// A version-8 UUID (RFC 9562's custom layout) from SHA-256 of the account and the archived id.
    static func of(_ archivedID: String, movingInto owner: UserKey) -> String {
        var bytes = Crypto.SHA256.digest(Array("wishlist-moved-record\u{0}\(owner.rawValue)\u{0}\(archivedID)".utf8))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.lowercasedString
    }
}
