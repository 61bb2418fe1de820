import Foundation
import WishlistStore

/// The folder that holds everything a server keeps: `wishlist.sqlite`, and the photos under `media/` (`PhotoLibrary`).
public struct DataDirectory: Sendable {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    public var databasePath: String { (path as NSString).appendingPathComponent("wishlist.sqlite") }

    /// The photo files' folder.
    public var mediaPath: String { (path as NSString).appendingPathComponent("media") }

    /// Opens the store, creating the folder and the database on first use.
    public func openStore() throws -> Store {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return try Store(path: databasePath)
    }
}
