import Crypto
import Foundation
import WishlistCore

/// The door for generated benchmark data (`WishlistBenchData`): records stored as if made over time.
extension PhotoRecordRepository {
    /// Stores the drafts in one transaction through the statements `create` uses, each created at
    /// its own time, without photos. Nothing is checked: only for drafts made valid.
    package func insertGenerated(_ drafts: [(draft: Draft, createdAt: Date)], owner: UserKey) throws {
        try database.write { db in
            for (draft, createdAt) in drafts {
                _ = try Self.insertRecord(draft, id: SecureRandom.uuid(), owner: owner, now: createdAt, db)
            }
        }
    }
}
