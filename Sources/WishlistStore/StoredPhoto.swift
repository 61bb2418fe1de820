import WishlistCore

/// A photo as the store keeps it: what the API shows, plus what finding its files takes.
public struct StoredPhoto: Sendable, Equatable {
    public let photo: Photo
    /// The SHA-256 of the original's bytes, in lower-case hex: its name in the media folder.
    public let sha256: String
    /// The original's format, e.g. `jpeg`.
    public let format: String
    public let originalWidth: Int
    public let originalHeight: Int
    /// Bumped by every edit; renditions are filed under it.
    public let revision: Int
    public let isAttached: Bool
}
