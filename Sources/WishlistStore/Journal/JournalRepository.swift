import Foundation
import SQLite
import WishlistCore

/// Journal entries of each account on SQLite: create, read, update with a version check, heart,
/// delete, keyset-paged lists newest day first, the entries that mention a wish, and search.
/// An entry's photos are put on and let go of through `PhotoRepository`, as a wish's are; the
/// files of those let go are for `PhotoLibrary` to delete.
///
/// Every method takes the `owner`; another account's entry is "not found", exactly like one that
/// does not exist, and an entry may only mention its owner's wishes. Input is validated here too
/// (by WishlistCore's rules), so nothing invalid is stored.
public struct JournalRepository: Sendable {
    let pool: DatabasePool

    static let notFound = NotFoundError("journal entry")

    /// Stores a new entry and returns it at version 1.
    public func create(_ draft: JournalDraft, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> JournalEntry {
        let valid = try draft.validated()
        return try pool.write { db in
            var (rowID, entry) = try Self.insert(valid, id: UUID(), owner: owner, now: now, db)
            if !valid.photoIDs.isEmpty {
                entry.photos = try PhotoRepository.attach(
                    valid.photoIDs, to: .journalEntry, rowID: rowID, owner: owner, db
                ).photos
            }
            if !valid.wishIDs.isEmpty {
                try Self.setMentions(valid.wishIDs, entry: rowID, owner: owner, db)
                entry.wishIDs = valid.wishIDs
            }
            return entry
        }
    }

    /// The entry, or nil when this account has no entry with that id.
    public func get(_ id: UUID, owner: UserKey) throws -> JournalEntry? {
        try pool.read { db in try Self.fetch(id, owner: owner, db)?.entry }
    }

    /// Applies `patch`, bumping `version` and `updatedAt` when something changed.
    ///
    /// - Parameter expectedVersion: the version the client edited (`If-Match`); when it is not the
    ///   stored one the update is refused with ``StaleVersionError``, checked inside the write.
    public func update(
        _ id: UUID, owner: UserKey, with patch: JournalPatch, expectedVersion: Int? = nil,
        now: Date = .nowInMilliseconds()
    ) throws -> JournalEntry {
        try updateReleasingPhotos(id, owner: owner, with: patch, expectedVersion: expectedVersion, now: now).entry
    }

    /// ``update(_:owner:with:expectedVersion:now:)``, also answering the photos the patch took off
    /// the entry, which are then on no record and for the caller to delete.
    public func updateReleasingPhotos(
        _ id: UUID, owner: UserKey, with patch: JournalPatch, expectedVersion: Int? = nil,
        now: Date = .nowInMilliseconds()
    ) throws -> (entry: JournalEntry, released: [UUID]) {
        let wishIDs = try patch.validatedWishIDs()
        let photoIDs = try patch.validatedPhotoIDs()
        return try pool.write { db in
            guard let (rowID, current) = try Self.fetch(id, owner: owner, db) else { throw Self.notFound }
            if let expectedVersion, expectedVersion != current.version {
                throw StaleVersionError("journal entry", current: current.version)
            }
            var updated = try patch.applied(to: current)
            if let wishIDs, wishIDs != current.wishIDs {
                try Self.setMentions(wishIDs, entry: rowID, owner: owner, db)
                updated.wishIDs = wishIDs
            }
            var released: [UUID] = []
            if let photoIDs, photoIDs != current.photos.map(\.id) {
                (updated.photos, released) = try PhotoRepository.attach(
                    photoIDs, to: .journalEntry, rowID: rowID, owner: owner, db)
            }
            guard updated != current else { return (current, []) }
            updated.version = current.version + 1
            updated.updatedAt = now
            try Self.write(updated, over: current, rowID: rowID, owner: owner, db)
            return (updated, released)
        }
    }

    /// Hearts or unhearts the entry (D2).
    public func setHearted(
        _ hearted: Bool, _ id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()
    ) throws -> JournalEntry {
        try update(id, owner: owner, with: JournalPatch(hearted: hearted), now: now)
    }

    /// Deletes the entry with its mentions, its search entry and its photos' records, answering the
    /// photos that were on it so their files can go too.
    @discardableResult
    public func delete(_ id: UUID, owner: UserKey) throws -> [StoredPhoto] {
        try pool.write { db in
            guard let (rowID, entry) = try Self.fetch(id, owner: owner, db) else { throw Self.notFound }
            let photos = try PhotoRepository.stored(of: .journalEntry, rowID: rowID, db)
            try Self.unindex(rowID: rowID, entry: entry, owner: owner, db)
            try db.run("DELETE FROM journal_entries WHERE id = ?", [rowID])
            return photos
        }
    }
}
