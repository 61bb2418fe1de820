import Foundation
import WishlistStore

/// Where a server keeps everything: the folder with the photos under `media/` (`PhotoLibrary`)
/// unless they are kept elsewhere (`--media`), and, unless a PostgreSQL database is named, the
/// database `wishlist.sqlite` beside them.
public struct DataDirectory: Sendable {
    public let path: String
    /// A `postgresql://` URL (`--database`, `WISHLIST_DATABASE`); nil keeps the SQLite file.
    public let databaseURL: String?
    /// PostgreSQL connections this process opens at most (`--database-connections`); nil for as
    /// many as suit where the database runs (`PostgresPool.defaultSize(for:)`).
    public let databaseConnections: Int?
    /// Where the photo files are (`--media`, `WISHLIST_MEDIA`): a folder or an `s3://` location;
    /// nil keeps them in `media/`.
    public let media: String?

    public init(
        _ path: String, databaseURL: String? = nil, databaseConnections: Int? = nil, media: String? = nil
    ) {
        self.path = path
        self.databaseURL = databaseURL
        self.databaseConnections = databaseConnections
        self.media = media
    }

    public var databasePath: String { (path as NSString).appendingPathComponent("wishlist.sqlite") }

    /// The offline place index as built (`OfflineGazetteer.keepIndex(inFile:)`): made again
    /// whenever missing, so a backup leaves it out.
    public var placeIndexPath: String { (path as NSString).appendingPathComponent("cache/places.index") }

    /// The photo files' folder, unless `media` names another place.
    public var mediaPath: String { (path as NSString).appendingPathComponent("media") }

    /// Where the photo files are.
    /// - Throws: `S3Error.invalidConfiguration` for an `s3://` location that is not usable.
    public func mediaLocation() throws -> MediaLocation {
        try MediaLocation(media ?? mediaPath, dataDirectory: path)
    }

    /// Whether the database is PostgreSQL rather than the folder's SQLite file.
    public var isPostgreSQL: Bool { databaseURL != nil }

    /// The database as a person may read it in a log or an error: the SQLite file's path, or the
    /// URL without its password.
    public var databaseDescription: String {
        guard let databaseURL else { return databasePath }
        return DatabaseURL.masked(databaseURL)
    }

    /// Opens the store, creating the folder (and the SQLite database) on first use.
    public func openStore() throws -> Store {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try Store(url: databaseURL, sqlitePath: databasePath, connectionCount: databaseConnections)
    }
}
