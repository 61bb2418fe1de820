import Foundation
import WishlistCore

/// A record that shows photos and is edited with a version check: a wish or a journal entry. What
/// `PhotoRecordRepository` reads and sets on any such record, whatever else it holds.
package protocol RecordWithPhotos: Sendable, Equatable {
    var photos: [Photo] { get set }
    /// Bumped by every change; the `If-Match` of the next edit.
    var version: Int { get set }
    var updatedAt: Date { get set }
}

extension Wish: RecordWithPhotos {}

extension JournalEntry: RecordWithPhotos {}
