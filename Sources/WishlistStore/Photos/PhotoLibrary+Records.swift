import Foundation
import WishlistCore

/// Changing a record that shows photos (a wish, a journal entry) with its photos' files, in one
/// call: the row change is committed with the deletion of the rows of the photos it lets go, then
/// their files are removed (see the promises of `PhotoLibrary`). Creating a record needs no file
/// change, so it is the repository's own (`PhotoRecordRepository.create`).
extension PhotoLibrary {
    /// Applies `patch` to the record of `records` (`\.wishes`, `\.journal`), bumping its version
    /// when something changed, and deletes the photos it took off, files and all.
    ///
    /// - Parameter expectedVersion: the version the client edited (`If-Match`).
    /// - Throws: `NotFoundError`; `StaleVersionError` when `expectedVersion` is not the stored one;
    ///   `ValidationError`. Nothing changed then, and no file was removed.
    package func update<Records: PhotoRecordRepository>(
        _ records: KeyPath<Store, Records>, _ id: UUID, owner: UserKey, with patch: Records.Patch,
        expectedVersion: Int? = nil, now: Date = .nowInMilliseconds()
    ) throws -> Records.Record {
        let (record, released) = try store[keyPath: records].update(
            id, owner: owner, with: patch, expectedVersion: expectedVersion, now: now)
        try removeFiles(of: released)
        return record
    }

    /// Deletes the record of `records` (`\.wishes`, `\.journal`) with its photos, files and all.
    /// - Throws: `NotFoundError`; nothing changed then.
    package func delete<Records: PhotoRecordRepository>(_ records: KeyPath<Store, Records>, _ id: UUID, owner: UserKey)
        throws
    {
        try removeFiles(of: store[keyPath: records].delete(id, owner: owner))
    }
}
