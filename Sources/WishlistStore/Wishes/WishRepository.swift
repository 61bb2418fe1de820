import Foundation
import SQLite
import WishlistCore

/// Wishes of each account: create, read, update with a version check, delete, list with filters and
/// keyset pages, favorites, tag counts, search, places and imports, with the same SQL on both
/// engines (`StoreDatabase`). Creating, reading, updating and deleting are every record's with photos (`PhotoRecordRepository`); an update or a deletion goes
/// through `PhotoLibrary`, which removes the files of the photos it lets go.
///
/// Every method takes the `owner`; another account's wish is "not found", exactly like one that does
/// not exist. Input is validated here too (by WishlistCore's rules), so nothing invalid is stored.
public struct WishRepository: Sendable {
    package let database: StoreDatabase

    /// Marks or unmarks the wish as a favorite.
    public func setFavorite(
        _ favorite: Bool, _ id: UUID, owner: UserKey, now: Date = .nowInMilliseconds()
    ) throws -> Wish {
        try update(id, owner: owner, keepingPhotos: WishPatch(favorite: favorite), now: now)
    }

    /// The account's tags with how many wishes carry each, most used first.
    public func tagCounts(owner: UserKey) throws -> [TagCount] {
        try database.read { db in
            try db.query(
                "SELECT name, count FROM tags WHERE owner_id = :owner ORDER BY count DESC, tag_key",
                ["owner": owner.rawValue]
            ).map { row in TagCount(name: try row["name"], count: try row["count"]) }
        }
    }
}

extension WishRepository: PhotoRecordRepository {
    package static let photoRecord = PhotoRecord.wish
    package static let recordName = "wish"

    package static func validated(_ draft: WishDraft) throws -> WishDraft { try draft.validated() }

    package static func photoIDs(of draft: WishDraft) -> [UUID] { draft.photoIDs }

    package static func insertRecord(_ draft: WishDraft, id: UUID, owner: UserKey, now: Date, _ db: any SQLConnection) throws
        -> (rowID: Int64, record: Wish)
    {
        try insert(draft, id: id, owner: owner, now: now, db)
    }

    package static func fetchRecord(_ id: UUID, owner: UserKey, _ db: any SQLConnection) throws -> (rowID: Int64, record: Wish)? {
        try fetch(id, owner: owner, db).map { ($0.rowID, $0.wish) }
    }

    package static func photoIDs(in patch: WishPatch) throws -> [UUID]? { try patch.validatedPhotoIDs() }

    package static func applying(_ patch: WishPatch, to current: Wish, rowID: Int64, owner: UserKey, _ db: any SQLConnection)
        throws -> Wish
    {
        try patch.applied(to: current)
    }

    package static func deleteRecord(_ wish: Wish, rowID: Int64, owner: UserKey, _ db: any SQLConnection) throws {
        try deleteTags(wish.tags, rowID: rowID, owner: owner, createdAt: wish.createdAt.millisecondsSince1970, db)
        try unindex(rowID: rowID, name: wish.name, owner: owner, db)
        try unindexText(rowID: rowID, memo: wish.memo, link: wish.link, owner: owner, db)
        try db.run("DELETE FROM wishes WHERE id = :id", ["id": rowID])
    }
}
