import Foundation
import WishlistCore

/// The door for generated benchmark data (`WishlistBenchData`) beside `insertGenerated`: photos put
/// on wishes, without the checks and new versions of a person's edits.
extension WishRepository {
    /// The ids of the account's newest `count` wishes, newest first.
    package func newestIDs(owner: UserKey, count: Int) throws -> [UUID] {
        try database.read { db in
            try db.query(
                "SELECT uuid FROM wishes WHERE owner_id = :owner ORDER BY created_at DESC, id DESC LIMIT :count",
                ["owner": owner.rawValue, "count": count]
            ).map { try UUID(storedText: $0["uuid"]) }
        }
    }

    /// Puts `photoIDs` on a wish that has none yet, as they are on a record, leaving the wish's
    /// version as it is. None is let go, so no file is left without its row.
    package func attachGeneratedPhotos(_ photoIDs: [UUID], toWish id: UUID, owner: UserKey) throws {
        try database.write { db in
            guard let (rowID, wish) = try Self.fetch(id, owner: owner, db) else { throw NotFoundError("wish") }
            guard wish.photos.isEmpty else {
                throw ValidationError(field: "photoIds", code: "has_photos", message: "The wish has photos already.")
            }
            _ = try PhotoRepository.attach(photoIDs, to: .wish, rowID: rowID, owner: owner, db)
        }
    }
}
