import Archive
import Foundation
import WishlistStore

/// `wishlist backup` and `wishlist restore`: the whole data directory in one zip, taken while the
/// server runs. The archive holds `backup.json` first (what it is, for which format version), then
/// the database — `wishlist.sqlite`, or on PostgreSQL `wishlist.pgdump` as `pg_dump` writes it —
/// then the media files the database names, each as it is (stored, not deflated).
extension DataDirectory {
    /// What `backup.json` says.
    struct BackupManifest: Codable {
        static let formatName = "wishlist-backup"
        /// 1: a SQLite database; 2: a PostgreSQL dump (`database` says which), which a release
        /// before PostgreSQL could not restore.
        static let currentVersion = 2
        static let postgreSQL = "postgresql"

        let format: String
        let version: Int
        let createdAt: Date
        let mediaFiles: Int
        /// "postgresql" for a dump; absent (version 1) for SQLite.
        var database: String?
    }

    static let manifestName = "backup.json"

    /// Writes a consistent copy of this data directory to the zip file `archivePath` while a
    /// server may be writing (see `DataSnapshot`). The file appears whole or not at all: it is
    /// written beside its name, flushed, then renamed.
    @discardableResult
    public func backup(to archivePath: String, now: Date = Date()) throws -> BackupSummary {
        let staging = (path as NSString).appendingPathComponent(".backup-\(UUID().uuidString.lowercased())")
        let media = try mediaLocation()
        let snapshot =
            if let databaseURL {
                try DataSnapshot.take(postgresURL: databaseURL, media: media, into: staging)
            } else {
                try DataSnapshot.take(databasePath: databasePath, media: media, into: staging)
            }
        let databaseName = isPostgreSQL ? DataSnapshot.dumpName : DataSnapshot.databaseName
        defer { try? FileManager.default.removeItem(atPath: staging) }
        let partial = archivePath + ".part-\(UUID().uuidString.lowercased())"
        guard FileManager.default.createFile(atPath: partial, contents: nil) else {
            throw BackupError.cannotWrite(archivePath, reason: String(cString: strerror(errno)))
        }
        do {
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
            defer { try? file.close() }
            let writer = try ArchiveWriter { bytes in try file.write(contentsOf: bytes) }
            let manifest = BackupManifest(
                format: BackupManifest.formatName, version: isPostgreSQL ? 2 : 1, createdAt: now,
                mediaFiles: snapshot.mediaFiles.count, database: isPostgreSQL ? BackupManifest.postgreSQL : nil)
            try writer.addEntry(path: Self.manifestName, data: try Self.manifestEncoder.encode(manifest), modified: now)
            try writer.addFile(
                path: databaseName, from: (snapshot.folder as NSString).appendingPathComponent(databaseName), modified: now)
            let media = (snapshot.folder as NSString).appendingPathComponent(DataSnapshot.mediaName)
            for name in snapshot.mediaFiles {
                try writer.addFile(
                    path: DataSnapshot.mediaName + "/" + name, from: (media as NSString).appendingPathComponent(name),
                    modified: now)
            }
            try writer.finish()
            try file.synchronize()
            guard rename(partial, archivePath) == 0 else {
                throw BackupError.cannotWrite(archivePath, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(partial)
            throw error
        }
        return BackupSummary(mediaFiles: snapshot.mediaFiles.count, bytes: Self.size(of: archivePath))
    }

    /// Unpacks the backup at `archivePath` into this data directory, which must be empty (or not
    /// exist), then checks it: the database's integrity, and that every media file it names is
    /// there with the bytes its digest names. A backup that fails any check leaves the directory
    /// as it was. A server started on the directory then serves the backup's data. A backup of a
    /// PostgreSQL server goes into this directory's PostgreSQL database, which must have no tables
    /// (`pg_restore`, in one transaction); a backup of one engine is not restored into the other.
    @discardableResult
    public func restore(from archivePath: String) throws -> BackupSummary {
        let files = FileManager.default
        let existed = files.fileExists(atPath: path)
        if existed, !(try files.contentsOfDirectory(atPath: path)).isEmpty { throw BackupError.notEmpty(path) }
        try files.createDirectory(atPath: path, withIntermediateDirectories: true)
        var restoredDatabase = false
        do {
            let reader = try ArchiveReader(path: archivePath, limits: Self.backupLimits)
            guard let first = try reader.nextEntry(), first.path == Self.manifestName else {
                throw BackupError.notABackup(archivePath)
            }
            let manifest: BackupManifest
            do {
                manifest = try Self.manifestDecoder.decode(BackupManifest.self, from: try reader.readData(limit: 64 << 10))
            } catch is DecodingError {
                throw BackupError.notABackup(archivePath)
            }
            guard manifest.format == BackupManifest.formatName else { throw BackupError.notABackup(archivePath) }
            guard manifest.version <= BackupManifest.currentVersion else { throw BackupError.newerFormat(manifest.version) }
            let isDump = manifest.database == BackupManifest.postgreSQL
            guard isDump == isPostgreSQL else { throw BackupError.otherEngine(backupIsPostgreSQL: isDump) }
            let databaseName = isDump ? DataSnapshot.dumpName : DataSnapshot.databaseName
            let entries = try reader.extract(into: path)
            for entry in entries
            where entry.path != databaseName
                && !entry.path.hasPrefix(DataSnapshot.mediaName + "/originals/")
                && !entry.path.hasPrefix(DataSnapshot.mediaName + "/renditions/")
            {
                throw BackupError.damaged("it holds \(entry.path), which no data directory has")
            }
            let mediaFiles: Int
            do {
                if let databaseURL {
                    let dump = (path as NSString).appendingPathComponent(databaseName)
                    guard FileManager.default.fileExists(atPath: dump) else { throw BackupError.damaged("it has no database") }
                    try DataSnapshot.restore(dump: dump, into: databaseURL)
                    restoredDatabase = true
                    try files.removeItem(atPath: dump)
                    mediaFiles = try DataSnapshot.verify(postgresURL: databaseURL, mediaPath: mediaPath)
                } else {
                    mediaFiles = try DataSnapshot.verify(databasePath: databasePath, mediaPath: mediaPath)
                }
            } catch DataSnapshotError.incomplete(let reason) {
                throw BackupError.damaged(reason)
            }
            // Checked where they were unpacked, the photos then go where this directory keeps them.
            try mediaLocation().receive(mediaPath)
            return BackupSummary(mediaFiles: mediaFiles, bytes: Self.size(of: archivePath))
        } catch {
            if restoredDatabase, let databaseURL { try? DataSnapshot.undoRestore(into: databaseURL) }
            if existed {
                for name in (try? files.contentsOfDirectory(atPath: path)) ?? [] {
                    try? files.removeItem(atPath: (path as NSString).appendingPathComponent(name))
                }
            } else {
                try? files.removeItem(atPath: path)
            }
            throw error
        }
    }

    /// Generous: a backup is the whole server's data, not one person's upload.
    static let backupLimits = ArchiveLimits(
        maximumEntries: 50_000_000, maximumEntryBytes: 1 << 40, maximumTotalBytes: 1 << 44)

    private static let manifestEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()

    private static let manifestDecoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static func size(of file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int) ?? 0
    }
}

/// What a backup or a restore handled.
public struct BackupSummary: Sendable, Equatable {
    public let mediaFiles: Int
    public let bytes: Int
}

/// Why a backup could not be written or restored; nothing was changed.
public enum BackupError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(String, reason: String)
    case notEmpty(String)
    case notABackup(String)
    case newerFormat(Int)
    case damaged(String)
    /// A backup of one engine given to a data directory on the other.
    case otherEngine(backupIsPostgreSQL: Bool)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "Cannot write \(path): \(reason)."
        case .notEmpty(let path): "\(path) is not empty; restore into a new or empty data directory."
        case .notABackup(let path): "\(path) is not a Wishlist backup (it has no backup.json first)."
        case .newerFormat(let version):
            "This backup is of format version \(version), newer than this Wishlist reads (\(DataDirectory.BackupManifest.currentVersion)); restore it with a newer release."
        case .damaged(let reason): "The backup is damaged: \(reason)."
        case .otherEngine(backupIsPostgreSQL: true):
            "This backup is of a server on PostgreSQL: restore it with --database URL, naming an empty database."
        case .otherEngine(backupIsPostgreSQL: false):
            "This backup is of a server on SQLite: restore it without --database, then move it with wishlist migrate-to-postgres."
        }
    }
}
