import Foundation
import SQLite
import WishlistCore

/// The door for generated benchmark data (`WishlistBenchData`): wishes stored as if made over
/// time, and photos put on them, without the checks and new versions of a person's edits.
extension WishRepository {
    /// Stores the drafts in one transaction through the statements `create` uses, each created at
    /// its own time. Nothing is checked: only for drafts made valid.
    package func insertGenerated(_ drafts: [(draft: WishDraft, createdAt: Date)], owner: UserKey) throws {
        try pool.write { db in
            for (draft, createdAt) in drafts {
                _ = try Self.insert(draft, id: UUID(), owner: owner, now: createdAt, db)
            }
        }
    }

    /// The ids of the account's newest `count` wishes, newest first.
    package func newestIDs(owner: UserKey, count: Int) throws -> [UUID] {
        try pool.read { db in
            try db.query(
                "SELECT uuid FROM wishes WHERE owner_id = ? ORDER BY created_at DESC, id DESC LIMIT ?", [owner.rawValue, count]
            ).map { try UUID(storedText: $0["uuid"]) }
        }
    }

    /// Puts exactly `photoIDs` on the wish, as they are on a record, leaving the wish's version as it is.
    package func attachGeneratedPhotos(_ photoIDs: [UUID], toWish id: UUID, owner: UserKey) throws {
        try pool.write { db in
            guard let (rowID, _) = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("wish") }
            _ = try PhotoRepository.attach(photoIDs, to: .wish, rowID: rowID, owner: owner, db)
        }
    }
}
