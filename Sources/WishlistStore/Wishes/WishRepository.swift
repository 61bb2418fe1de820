import Foundation
import SQLite
import WishlistCore

/// Wishes of each account on SQLite: create, read, update with a version check, delete, list with
/// filters and keyset pages, favorites, tag counts and search.
///
/// Every method takes the `owner`; another account's wish is "not found", exactly like one that does
/// not exist. Input is validated here too (by WishlistCore's rules), so nothing invalid is stored.
public struct WishRepository: Sendable {
    let pool: DatabasePool

    /// Stores a new wish and returns it at version 1.
    public func create(_ draft: WishDraft, owner: UserKey, now: Date = .nowInMilliseconds()) throws -> Wish {
        let valid = try draft.validated()
        return try pool.write { db in
            var wish = try Self.insert(valid, id: UUID(), owner: owner, now: now, db)
            if !valid.photoIDs.isEmpty {
                wish.photos = try PhotoRepository.attach(
                    valid.photoIDs, to: .wish, rowID: db.lastInsertRowID, owner: owner, db
                ).photos
            }
            return wish
        }
    }

    /// The wish, or nil when this account has no wish with that id.
    public func get(_ id: UUID, owner: UserKey) throws -> Wish? {
        try pool.read { db in try Self.fetch(id, owner: owner, db)?.wish }
    }

    /// Applies `patch`, bumping `version` and `updatedAt` when something changed.
    ///
    /// - Parameter expectedVersion: the version the client edited (`If-Match`); when it is not the
    ///   stored one the update is refused with ``StaleVersionError``.
    public func update(
        _ id: UUID, owner: UserKey, with patch: WishPatch, expectedVersion: Int? = nil,
        now: Date = .nowInMilliseconds()
    ) throws -> Wish {
        try updateReleasingPhotos(id, owner: owner, with: patch, expectedVersion: expectedVersion, now: now).wish
    }

    /// ``update(_:owner:with:expectedVersion:now:)``, also answering the photos the patch took off
    /// the wish, which are then on no record and for the caller to delete.
    public func updateReleasingPhotos(
        _ id: UUID, owner: UserKey, with patch: WishPatch, expectedVersion: Int? = nil,
        now: Date = .nowInMilliseconds()
    ) throws -> (wish: Wish, released: [UUID]) {
        let photoIDs = try patch.validatedPhotoIDs()
        return try pool.write { db in
            guard let (rowID, current) = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("wish") }
            if let expectedVersion, expectedVersion != current.version {
                throw StaleVersionError("wish", current: current.version)
            }
            var updated = try patch.applied(to: current)
            var released: [UUID] = []
            if let photoIDs, photoIDs != current.photos.map(\.id) {
                (updated.photos, released) = try PhotoRepository.attach(photoIDs, to: .wish, rowID: rowID, owner: owner, db)
            }
            guard updated != current else { return (current, []) }
            updated.version = current.version + 1
            updated.updatedAt = now
            try Self.write(updated, over: current, rowID: rowID, owner: owner, db)
            return (updated, released)
        }
    }

    /// Marks or unmarks the wish as a favorite.
    public func setFavorite(
        _ favorite: Bool, _ id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()
    ) throws -> Wish {
        try update(id, owner: owner, with: WishPatch(favorite: favorite), now: now)
    }

    /// Deletes the wish with its tags, its search entry and its photos' records, answering the
    /// photos that were on it so their files can go too.
    @discardableResult
    public func delete(_ id: UUID, owner: UserKey) throws -> [StoredPhoto] {
        try pool.write { db in
            guard let (rowID, wish) = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("wish") }
            let photos = try PhotoRepository.stored(of: .wish, rowID: rowID, db)
            try Self.deleteTags(wish.tags, rowID: rowID, owner: owner, createdAt: wish.createdAt.millisecondsSince1970, db)
            try Self.unindex(rowID: rowID, name: wish.name, owner: owner, db)
            try Self.unindexText(rowID: rowID, memo: wish.memo, link: wish.link, owner: owner, db)
            try db.run("DELETE FROM wishes WHERE id = ?", [rowID])
            return photos
        }
    }

    /// The account's tags with how many wishes carry each, most used first.
    public func tagCounts(owner: UserKey) throws -> [TagCount] {
        try pool.read { db in
            try db.query(
                "SELECT name, count FROM tags WHERE owner_id = ? ORDER BY count DESC, tag_key",
                [owner.rawValue]
            ).map { row in TagCount(name: try row["name"], count: try row["count"]) }
        }
    }
}
