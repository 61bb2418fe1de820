import Foundation
import WishlistCore

/// One line of `photos.jsonl`: a photo on a wish or an entry, with what finding and checking its
/// files takes. Its original is `media/originals/<sha256>`, its renditions (of the current edit)
/// `media/renditions/<id>/<size>.jpg`.
struct ArchivedPhoto: Codable, Sendable, Equatable {
    var id: String
    var sha256: String
    /// The original's format, e.g. `jpeg`.
    var format: String
    var originalWidth: Int
    var originalHeight: Int
    /// The size shown, after the edit.
    var width: Int
    var height: Int
    var crop: Photo.Crop?
    var rotate: Int
    /// Bumped by every edit.
    var revision: Int
    var takenAt: Date?
    var gps: Photo.GPS?
    var frameCount: Int?
    var createdAt: Date
}
