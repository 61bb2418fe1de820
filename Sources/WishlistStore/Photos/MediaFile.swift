/// One file of a photo as `/media/{id}/{size}` serves it.
public struct MediaFile: Sendable, Equatable {
    public let path: String
    public let contentType: String
    /// What identifies these bytes: the rendition's revision or the original's digest prefix, as
    /// the photo's urls carry it in `?v=`.
    public let version: String
    /// A name to save the file under, e.g. `photo.jpg`; nil for renditions.
    public let filename: String?
}
