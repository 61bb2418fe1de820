import Foundation
import SQLite
import WishlistCore

/// Journal entries of each account: create, read, update with a version check, heart, delete,
/// keyset-paged lists newest day first and the entries that mention a wish, with the same SQL on
/// both engines (`StoreDatabase`), and search, on SQLite only so far (`pool`).
/// Creating, reading, updating and deleting are every record's with photos
/// (`PhotoRecordRepository`), as a wish's are; an update or a deletion goes through
/// `PhotoLibrary`, which removes the files of the photos it lets go.
///
/// Every method takes the `owner`; another account's entry is "not found", exactly like one that
/// does not exist, and an entry may only mention its owner's wishes. Input is validated here too
/// (by WishlistCore's rules), so nothing invalid is stored.
public struct JournalRepository: Sendable {
    package let database: StoreDatabase

    /// SQLite's pool, for what runs on SQLite only so far: search.
    var pool: DatabasePool { database.sqlitePool }

    /// Hearts or unhearts the entry (D2).
    public func setHearted(
        _ hearted: Bool, _ id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()
    ) throws -> JournalEntry {
        try update(id, owner: owner, keepingPhotos: JournalPatch(hearted: hearted), now: now)
    }
}

extension JournalRepository: PhotoRecordRepository {
    package static let photoRecord = PhotoRecord.journalEntry
    package static let recordName = "journal entry"

    package static func validated(_ draft: JournalDraft) throws -> JournalDraft { try draft.validated() }

    package static func photoIDs(of draft: JournalDraft) -> [UUID] { draft.photoIDs }

    package static func photoIDs(in patch: JournalPatch) throws -> [UUID]? { try patch.validatedPhotoIDs() }

    /// Also makes the entry mention the patch's wishes, when it changes them.
    package static func applying(
        _ patch: JournalPatch, to current: JournalEntry, rowID: Int64, owner: UserKey, _ db: any SQLConnection
    ) throws -> JournalEntry {
        var updated = try patch.applied(to: current)
        if let wishIDs = try patch.validatedWishIDs(), wishIDs != current.wishIDs {
            try setMentions(wishIDs, entry: rowID, owner: owner, db)
            updated.wishIDs = wishIDs
        }
        return updated
    }

    package static func deleteRecord(_ entry: JournalEntry, rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws {
        if let sqlite = db.sqliteDatabase { try unindex(rowID: rowID, entry: entry, owner: owner, sqlite) }
        try db.run("DELETE FROM journal_entries WHERE id = :id", ["id": rowID])
    }
}
