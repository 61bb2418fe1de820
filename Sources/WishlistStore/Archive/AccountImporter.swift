import Archive
import Crypto
import Foundation
import Imaging
import Synchronization
import WishlistCore

/// Restores an account archive (docs/EXPORT.md) into an account, ids kept where they are free
/// (`ImportPlan`). The archive is unpacked
/// under the media folder's `staging/` (swept by housekeeping should the server die meanwhile) and
/// checked whole (`ArchiveContents`); what is new is decided (`ImportPlan`); the new photos'
/// files are placed and flushed; then every row is written in one transaction. Anything wrong
/// before the commit leaves nothing behind: no rows, and no files.
public struct AccountImporter: Sendable {
    let library: PhotoLibrary

    public init(library: PhotoLibrary) {
        self.library = library
    }

    /// Imports the archive at `path` into `owner`'s account.
    /// - Throws: `AccountImportError` for an archive refused as a whole; nothing changed then.
    public func importArchive(at path: String, owner: UserKey) throws -> ImportReport {
        // One import at a time: two imports of one archive would otherwise both place the same
        // photos' files before either commits.
        try Self.oneAtATime.withLock { _ in try importAlone(at: path, owner: owner) }
    }

    private static let oneAtATime = Mutex(())

    private func importAlone(at path: String, owner: UserKey) throws -> ImportReport {
        let files = library.files
        let work = files.staging.appendingPathComponent("import-\(SecureRandom.uuid().lowercasedString)").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let contents = try ArchiveContents(folder: work, paths: try unpack(path, into: work), processor: files.processor)

        let database = library.store.database
        let plan = try database.read { db in try ImportPlan(contents, owner: owner, db) }
        let newPhotos = plan.newPhotos.compactMap { contents.photos[$0] }
        var placed: [ArchivedPhoto] = []
        do {
            for photo in newPhotos {
                try place(photo, as: plan.id(photo.id), from: contents)
                placed.append(photo)
            }
            // Under the account's lock every other write of this account waits, so the plan checked
            // again here is the plan the rows are written by; under each new original's, no photo
            // deletion elsewhere removes its file before these rows name it (PostgreSQL; SQLite's
            // writer is alone).
            let locks = [StoreLock.account(owner)] + newPhotos.map { StoreLock.original(sha256: $0.sha256) }
            try database.write(locking: locks) { db in
                guard try ImportPlan(contents, owner: owner, db) == plan else {
                    throw AccountImportError.conflict("Some of these records were added or changed while the archive was checked.")
                }
                for photo in newPhotos {
                    // The last photo showing an original may have been deleted since it was placed, taking
                    // the file along; under its lock no deletion runs.
                    try files.keepOriginal(.file(path: contents.originalFile(photo)), sha256: photo.sha256, format: Self.format(photo))
                }
                try ImportRows(contents: contents, plan: plan, owner: owner, db: db).write()
            }
        } catch {
            try? library.removeUnsavedFiles(
                photoIDs: placed.compactMap { UUID(uuidString: plan.id($0.id)) }, originals: Set(placed.map(\.sha256)))
            throw error
        }
        return plan.report
    }

    /// Imports an archive that arrived in memory (a small one), written to the staging folder first:
    /// the reader reads files.
    public func importArchive(_ data: Data, owner: UserKey) throws -> ImportReport {
        let path = library.files.staging.appendingPathComponent("import-\(SecureRandom.uuid().lowercasedString).zip").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return try importArchive(at: path, owner: owner)
    }

    /// Unpacks the archive, answering its files' paths; a reader's refusal becomes the import's.
    private func unpack(_ path: String, into folder: String) throws -> [String] {
        let limits = ArchiveLimits(
            maximumEntries: AccountArchiveFormat.maximumEntries,
            maximumEntryBytes: max(AccountArchiveFormat.maximumRecordFileBytes, PhotoFiles.maximumFileBytes),
            maximumTotalBytes: AccountArchiveFormat.maximumTotalBytes)
        do {
            return try ArchiveReader(path: path, limits: limits).extract(into: folder).map(\.path)
        } catch {
            if let refusal = AccountImportError(error) { throw refusal }
            // The server's disk, not the archive.
            if case .diskFull = error { throw StorageFullError() }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(describing: error)])
        }
    }

    /// Files the photo's original (unless there) and its renditions as its revision under `id`, flushed.
    private func place(_ photo: ArchivedPhoto, as id: String, from contents: ArchiveContents) throws {
        let files = library.files
        try files.keepOriginal(.file(path: contents.originalFile(photo)), sha256: photo.sha256, format: Self.format(photo))
        let staged = files.staging.appendingPathComponent(SecureRandom.uuid().lowercasedString)
        try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
        defer { files.discard(staged) }
        for size in RenditionSize.allCases {
            let target = staged.appendingPathComponent(size.rawValue).path
            try FileManager.default.copyItem(atPath: contents.renditionFile(photo, size), toPath: target)
            try FileSync.file(target)
        }
        guard let id = UUID(uuidString: id) else { return }
        try files.publish(staged, as: id, revision: photo.revision)
    }

    private static func format(_ photo: ArchivedPhoto) -> ImageFormat {
        // Checked by `ArchiveContents`.
        ImageFormat(rawValue: photo.format) ?? .jpeg
    }
}
