/// How renditions are encoded. Outputs never carry metadata (no EXIF, GPS,
/// XMP or ICC profile); pixels are sRGB (greyscale originals stay grey).
public struct RenditionEncoding: Sendable, Hashable {
    /// The output file formats.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case jpeg
        case webp

        public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
        public var fileExtension: String { self == .jpeg ? "jpg" : "webp" }
    }

    public var format: Format
    /// Encoder quality, 1–100.
    public var quality: Int

    /// `quality` is clamped to 1–100.
    public init(format: Format, quality: Int) {
        self.format = format
        self.quality = min(max(quality, 1), 100)
    }

    /// JPEG at quality 82: visually clean photos at a modest size.
    public static let jpeg = RenditionEncoding(format: .jpeg, quality: 82)
    /// WebP at quality 80, about as clean as `jpeg` and smaller.
    public static let webp = RenditionEncoding(format: .webp, quality: 80)
}
