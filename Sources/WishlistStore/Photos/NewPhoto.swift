import Foundation
import WishlistCore

/// What an upload found out about a photo, for the store to record.
public struct NewPhoto: Sendable {
    public let id: UUID
    public let sha256: String
    public let format: String
    /// The upright original's size, which is also the photo's until it is edited.
    public let width: Int
    public let height: Int
    public let takenAt: Date?
    public let gps: Photo.GPS?
    /// The original's frames: more than one for an animated GIF or WebP.
    public let frameCount: Int

    public init(
        id: UUID, sha256: String, format: String, width: Int, height: Int, takenAt: Date?, gps: Photo.GPS?,
        frameCount: Int
    ) {
        self.id = id
        self.sha256 = sha256
        self.format = format
        self.width = width
        self.height = height
        self.takenAt = takenAt
        self.gps = gps
        self.frameCount = frameCount
    }
}
