import Foundation

/// What an image file says about itself, read from its header and metadata
/// without decoding pixels.
public struct ImageInfo: Sendable, Hashable {
    public var format: ImageFormat
    /// Stored width in pixels, before EXIF orientation is applied. For an
    /// animation, the width of one frame.
    public var width: Int
    /// Stored height in pixels; for an animation, the height of one frame.
    public var height: Int
    /// EXIF orientation, 1–8; 1 when absent or invalid.
    public var orientation: Int
    /// Frames in an animated GIF or WebP; 1 for a still image.
    public var frameCount: Int
    /// EXIF DateTimeOriginal with SubSecTimeOriginal, shifted by
    /// OffsetTimeOriginal when present. Without an offset the camera's wall
    /// clock time is read as if it were UTC, since the real zone is unknown.
    public var capturedAt: Date?
    /// EXIF GPS position, when the latitude and longitude are both present
    /// and valid.
    public var location: GeoCoordinate?

    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int = 1, frameCount: Int = 1,
        capturedAt: Date? = nil, location: GeoCoordinate? = nil
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.frameCount = frameCount
        self.capturedAt = capturedAt
        self.location = location
    }

    /// Orientations 5–8 turn the image a quarter, swapping its sides.
    var isQuarterTurned: Bool { (5...8).contains(orientation) }

    /// Width once the EXIF orientation is applied.
    public var uprightWidth: Int { isQuarterTurned ? height : width }

    /// Height once the EXIF orientation is applied.
    public var uprightHeight: Int { isQuarterTurned ? width : height }
}
