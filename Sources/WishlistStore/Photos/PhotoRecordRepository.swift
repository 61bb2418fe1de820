import Crypto
import Foundation
import WishlistCore

/// The repository of a kind of record that shows photos (`WishRepository`, `JournalRepository`):
/// what each kind says about its own rows, and the one way every kind is created, read, updated
/// and deleted with its photos.
///
/// A change that lets photos go deletes their rows in the same transaction and answers them; only
/// `PhotoLibrary` (`update`, `delete`) calls those changes, and removes the files after the commit.
/// A kind adds its own features (tags, mentions, prices) beside this, never a copy of it.
///
/// The same SQL runs on both engines (`StoreDatabase`). Every write holds the owner's
/// `StoreLock.account`: on PostgreSQL, where writers run at once, a second change to the same
/// account waits before it reads the record, so it checks `If-Match` against the version the first
/// one wrote, and counts (a wish's tags) are changed from what is really stored.
package protocol PhotoRecordRepository: Sendable {
    associatedtype Record: RecordWithPhotos
    associatedtype Draft: Sendable
    associatedtype Patch: Sendable

    var database: StoreDatabase { get }

    /// The column of `photos` naming a record of this kind, and its table.
    static var photoRecord: PhotoRecord { get }
    /// The kind of record as a person would say it, for "not found" and "stale version": "wish".
    static var recordName: String { get }

    /// The draft checked by the kind's rules; the photos it names are checked when they are put on.
    static func validated(_ draft: Draft) throws -> Draft
    static func photoIDs(of draft: Draft) -> [UUID]
    /// Inserts a validated draft with what the kind keeps beside its row, without its photos.
    static func insertRecord(_ draft: Draft, id: UUID, owner: UserKey, now: Date, _ db: any SQLConnection) throws
        -> (rowID: Int64, record: Record)
    /// The row id and the record with its photos, when this owner has it.
    static func fetchRecord(_ id: UUID, owner: UserKey, _ db: any SQLConnection) throws -> (rowID: Int64, record: Record)?

    /// The photos to put on the record, checked, when the patch changes them.
    static func photoIDs(in patch: Patch) throws -> [UUID]?
    /// The record with the patch applied to every field but its photos (and what the kind keeps
    /// beside the row, e.g. an entry's mentions, changed too); version and dates left as they were.
    static func applying(_ patch: Patch, to current: Record, rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws
        -> Record
    /// Stores `updated` over `current` (its photos are already on it).
    static func write(_ updated: Record, over current: Record, rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws
    /// Deletes the record's row with what is not deleted with it through foreign keys (search
    /// entries, tag counts); its photos' rows go with it.
    static func deleteRecord(_ record: Record, rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws
}

extension PhotoRecordRepository {
    /// Stores a new record with the photos its draft names and returns it at version 1. Nothing is
    /// let go, so no file changes: the photos were filed when they were uploaded.
    /// - Throws: `ValidationError`, also for a photo that is not the owner's or is on another record.
    package func create(_ draft: Draft, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> Record {
        let valid = try Self.validated(draft)
        return try database.write(locking: .account(owner)) { db in
            var (rowID, record) = try Self.insertRecord(valid, id: SecureRandom.uuid(), owner: owner, now: now, db)
            let photoIDs = Self.photoIDs(of: valid)
            if !photoIDs.isEmpty {
                record.photos = try PhotoRepository.attach(photoIDs, to: Self.photoRecord, rowID: rowID, owner: owner, db)
                    .photos
            }
            return record
        }
    }

    /// The record, or nil when this account has none with that id.
    package func get(_ id: UUID, owner: UserKey) throws -> Record? {
        try database.read { db in try Self.fetchRecord(id, owner: owner, db)?.record }
    }

    /// Applies `patch` in one transaction, bumping `version` and `updatedAt` when something changed,
    /// and deletes the rows of the photos it took off the record, answering them for their files.
    ///
    /// - Parameter expectedVersion: the version the client edited (`If-Match`); when it is not the
    ///   stored one the update is refused with `StaleVersionError`, checked inside the write.
    /// - Throws: `NotFoundError`, `StaleVersionError`, `ValidationError`; nothing changed then.
    func update(
        _ id: UUID, owner: UserKey, with patch: Patch, expectedVersion: Int?, now: Date
    ) throws -> (record: Record, released: [StoredPhoto]) {
        let photoIDs = try Self.photoIDs(in: patch)
        return try database.write(locking: .account(owner)) { db in
            guard let (rowID, current) = try Self.fetchRecord(id, owner: owner, db) else {
                throw NotFoundError(Self.recordName)
            }
            if let expectedVersion, expectedVersion != current.version {
                throw StaleVersionError(Self.recordName, current: current.version)
            }
            var updated = try Self.applying(patch, to: current, rowID: rowID, owner: owner, db)
            var released: [StoredPhoto] = []
            if let photoIDs, photoIDs != current.photos.map(\.id) {
                (updated.photos, released) = try PhotoRepository.attach(
                    photoIDs, to: Self.photoRecord, rowID: rowID, owner: owner, db)
            }
            guard updated != current else { return (current, []) }
            updated.version = current.version + 1
            updated.updatedAt = now
            try Self.write(updated, over: current, rowID: rowID, owner: owner, db)
            return (updated, released)
        }
    }

    /// ``update(_:owner:with:expectedVersion:now:)`` with a patch that names no photos (a favorite,
    /// a heart), so lets none go and needs no file removed.
    func update(_ id: UUID, owner: UserKey, keepingPhotos patch: Patch, now: Date) throws -> Record {
        guard try Self.photoIDs(in: patch) == nil else { preconditionFailure("this patch names photos") }
        return try update(id, owner: owner, with: patch, expectedVersion: nil, now: now).record
    }

    /// Deletes the record in one transaction with its photos' rows, answering those photos for
    /// their files.
    /// - Throws: `NotFoundError`; nothing changed then.
    func delete(_ id: UUID, owner: UserKey) throws -> [StoredPhoto] {
        try database.write(locking: .account(owner)) { db in
            guard let (rowID, record) = try Self.fetchRecord(id, owner: owner, db) else {
                throw NotFoundError(Self.recordName)
            }
            let photos = try PhotoRepository.stored(of: Self.photoRecord, rowID: rowID, db)
            try Self.deleteRecord(record, rowID: rowID, owner: owner, db)
            return photos
        }
    }
}
