/// Why Imaging could not inspect or render an image. Every failure on bad
/// input is one of these; nothing traps.
public enum ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JPEG, PNG, WebP, GIF or HEIF.
    case unsupportedFormat
    /// The format is recognised but the decoder failed: corrupt, truncated,
    /// or a codec that is unavailable. The reason is libvips' message,
    /// trimmed and without file paths.
    case unreadable(reason: String)
    /// The image has more pixels than the processor's limit; nothing was decoded.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The edit does not fit the upright image (crop outside it or empty).
    case invalidEdit(reason: String)
    /// Encoding an output failed.
    case writeFailed(reason: String)
    /// Writing an output file failed because its disk is full (`ENOSPC`, `EDQUOT`).
    case noSpaceLeft
    /// The source file could not be opened.
    case fileUnavailable(path: String)
    /// libvips could not be loaded (see `CVips`) or could not start.
    case libraryUnavailable(reason: String)

    public var description: String {
        switch self {
        case .unsupportedFormat:
            "not a JPEG, PNG, WebP, GIF or HEIC image"
        case .unreadable(let reason):
            "unreadable image: \(reason)"
        case .tooManyPixels(let width, let height, let limit):
            "image is \(width)×\(height) pixels, more than the limit of \(limit)"
        case .invalidEdit(let reason):
            "invalid edit: \(reason)"
        case .writeFailed(let reason):
            "could not encode image: \(reason)"
        case .noSpaceLeft:
            "no space left on the disk to write the image"
        case .fileUnavailable(let path):
            "cannot open \(path)"
        case .libraryUnavailable(let reason):
            "libvips failed to start: \(reason)"
        }
    }
}
