import Foundation
import SQLite
import WishlistCore

/// The door for generated benchmark data (`WishlistBenchData`): journal entries stored as if
/// written over time.
extension JournalRepository {
    /// Stores the drafts in one transaction through the statements `create` uses, each created at
    /// its own time. Nothing is checked: only for drafts made valid.
    package func insertGenerated(_ drafts: [(draft: JournalDraft, createdAt: Date)], owner: UserKey) throws {
        try pool.write { db in
            for (draft, createdAt) in drafts {
                _ = try Self.insertRecord(draft, id: UUID(), owner: owner, now: createdAt, db)
            }
        }
    }
}
