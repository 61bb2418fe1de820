import Foundation
import SQLite

/// A consistent copy of a data directory — its database and every media file the database names
/// — taken while a server goes on writing, in a folder laid out like a data directory
/// (`wishlist.sqlite`, `media/…`). `wishlist backup` archives it.
///
/// The database is copied with SQLite's online backup API, which reads one snapshot. The media
/// files that snapshot names are then copied beside it from wherever they are kept (`MediaStore`):
/// from a folder, hard-linked, which costs no space and keeps the file even if the server deletes
/// its name a moment later; from a bucket, fetched. Files are never changed in place
/// (originals are named by their digest, renditions by their revision), so a linked file is the
/// file the snapshot names. The one race is a file deleted after the snapshot and before its
/// link: its record was deleted after the snapshot too, so the copy is taken again.
public struct DataSnapshot: Sendable {
    /// The folder holding the copy.
    public let folder: String
    /// The media files, relative to `media/` in `folder`, sorted.
    public let mediaFiles: [String]

    public static let databaseName = "wishlist.sqlite"
    public static let mediaName = "media"

    /// How often the copy is taken again when files vanish under it before giving up.
    static let attempts = 5

    /// Copies the database at `databasePath` and the files it names from `media` into `folder`,
    /// which must not exist and should be on the same filesystem as a media folder (files are copied
    /// instead of linked where it is not). On failure `folder` is removed.
    public static func take(databasePath: String, media: MediaLocation, into folder: String) throws -> DataSnapshot {
        let store = try media.store()
        let files = FileManager.default
        guard files.fileExists(atPath: databasePath) else { throw DataSnapshotError.noDatabase(databasePath) }
        do {
            for _ in 0..<attempts {
                try? files.removeItem(atPath: folder)
                try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let copy = (folder as NSString).appendingPathComponent(databaseName)
                try Database(path: databasePath).backup(to: copy)
                let named = try PhotoFiles.namedFiles(in: SQLiteConnection(database: try Database(path: copy)))
                let media = (folder as NSString).appendingPathComponent(mediaName)
                if try keep(named, from: store, in: media) {
                    return DataSnapshot(folder: folder, mediaFiles: named)
                }
            }
            throw DataSnapshotError.changingTooFast(attempts: attempts)
        } catch {
            try? files.removeItem(atPath: folder)
            throw error
        }
    }

    /// Checks a copy laid out like a data directory (a restored backup): the database passes
    /// SQLite's integrity check and every media file it names is there, each original with the
    /// bytes its digest names. Answers the number of media files.
    public static func verify(databasePath: String, mediaPath: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw DataSnapshotError.incomplete("it has no database") }
        let database = try Database(path: databasePath)
        let integrity: String? = try database.scalar("PRAGMA integrity_check")
        guard integrity == "ok" else {
            throw DataSnapshotError.incomplete("its database fails SQLite's integrity check (\(integrity ?? "no answer"))")
        }
        return try verifyFiles(try PhotoFiles.namedFiles(in: SQLiteConnection(database: database)), in: mediaPath)
    }

    /// Checks that every one of `named` is under `mediaPath`, each original with the bytes its
    /// digest names; answers their number.
    static func verifyFiles(_ named: [String], in mediaPath: String) throws -> Int {
        for name in named {
            let file = (mediaPath as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: file) else { throw DataSnapshotError.incomplete("it lacks \(name)") }
            // Originals are named by their SHA-256; renditions and full-size JPEGs are made from them.
            let isOriginal = name.hasPrefix("originals/") && !name.hasSuffix(".jpg")
            if isOriginal, try PhotoFiles.digest(of: .file(path: file)) != (name as NSString).lastPathComponent {
                throw DataSnapshotError.incomplete("\(name) does not hold the photo its name says")
            }
        }
        return named.count
    }

    /// Copies each of `names` from `source` into `destination`; false when one is gone.
    static func keep(_ names: [String], from source: any MediaStore, in destination: String) throws -> Bool {
        var folders = Set<String>()
        for name in names {
            let to = (destination as NSString).appendingPathComponent(name)
            let folder = (to as NSString).deletingLastPathComponent
            if folders.insert(folder).inserted {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            guard try source.copy(name, to: to) else { return false }
        }
        return true
    }
}

/// Why a snapshot could not be taken.
public enum DataSnapshotError: Error, Equatable, CustomStringConvertible {
    case noDatabase(String)
    case changingTooFast(attempts: Int)
    /// A copy that fails `verify`, and why.
    case incomplete(String)
    /// A restore's PostgreSQL database has tables already.
    case databaseNotEmpty(String)

    public var description: String {
        switch self {
        case .noDatabase(let path):
            "There is no Wishlist database at \(path)."
        case .changingTooFast(let attempts):
            "Photos were deleted faster than they could be copied (\(attempts) tries); try again."
        case .incomplete(let reason):
            "The copy is incomplete: \(reason)."
        case .databaseNotEmpty(let url):
            "The database \(url) is not empty; restore into a new, empty database."
        }
    }
}
