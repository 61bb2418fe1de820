import Foundation
import WishlistCore

/// The names and rules of an account archive, version 1 (docs/EXPORT.md): what `AccountExporter`
/// writes and `AccountImporter` reads.
enum AccountArchiveFormat {
    static let name = "wishlist-account-export"
    static let version = 1

    static let manifest = "manifest.json"
    static let wishes = "wishes.jsonl"
    static let journal = "journal.jsonl"
    static let photos = "photos.jsonl"
    static let gifFavorites = "gif-favorites.jsonl"
    static let recentSearches = "recent-searches.jsonl"
    /// Written for the owner's records; not imported (see `ArchivedShare`).
    static let shares = "shares.jsonl"
    static let recordFiles = [wishes, journal, photos, gifFavorites, recentSearches, shares]

    /// An original, stored once however many photos show it.
    static func originalPath(_ sha256: String) -> String { "media/originals/\(sha256)" }

    /// A rendition of the photo's current edit, as the server served it.
    static func renditionPath(_ photoID: String, _ size: String) -> String { "media/renditions/\(photoID)/\(size).jpg" }

    /// The JSON of every record: the API's dialect (sorted keys, ISO 8601 dates with milliseconds).
    static func encoder() -> JSONEncoder { JSONCoding.encoder() }
    static func decoder() -> JSONDecoder { JSONCoding.decoder() }

    /// The limits an archive is read with: more than an account of 100,000 wishes with 20,000 photos
    /// needs, far less than would fill a disk.
    static let maximumEntries = 200_000
    static let maximumRecordFileBytes = 512 << 20
    static let maximumTotalBytes = 64 << 30
}
