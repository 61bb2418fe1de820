import WishlistCore

/// A photo as the store keeps it: what the API shows, plus what finding its files takes.
public struct StoredPhoto: Sendable, Equatable {
    public let photo: Photo
    /// The SHA-256 of the original's bytes, in lower-case hex: its name in the media folder.
    public let sha256: String
    /// The original's format, e.g. `jpeg`.
    public let format: String
    /// Bumped by every edit; renditions are filed under it.
    public let revision: Int
    public let isAttached: Bool

    /// The upright original's size, the pixels an edit's crop is measured in.
    public var originalWidth: Int { photo.originalWidth }
    public var originalHeight: Int { photo.originalHeight }
}
