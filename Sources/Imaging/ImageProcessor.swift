/// Reads and renders photos with libvips: inspection without decoding,
/// upright renditions at display sizes, edits, metadata stripped.
///
/// A value type holding only settings; share it freely between threads.
/// Every call is synchronous and independent, and libvips runs them in
/// parallel safely.
public struct ImageProcessor: Sendable {
    /// The most pixels (width × height of one frame) an image may have.
    /// Larger images are refused from their header, before any decoding,
    /// so that a small "decompression bomb" file cannot exhaust memory.
    public var maxPixels: Int

    public init(maxPixels: Int = 100_000_000) {
        self.maxPixels = maxPixels
    }

    /// Format, size, orientation, frames, capture time and place, read from
    /// the header and metadata only.
    ///
    /// - Throws: `ImagingError.unsupportedFormat`, `.unreadable`,
    ///   `.tooManyPixels`, `.fileUnavailable`.
    public func inspect(_ source: ImageSource) throws(ImagingError) -> ImageInfo {
        let input = try VipsInput(source)
        return try info(of: try input.open(), format: input.format)
    }

    /// The header's facts, refused when over the pixel limit.
    func info(of header: VipsImageRef, format: ImageFormat) throws(ImagingError) -> ImageInfo {
        guard header.width * header.height <= maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
        }
        let exif = ExifReader(field: header.string)
        return ImageInfo(
            format: format,
            width: header.width,
            height: header.height,
            orientation: header.orientation,
            frameCount: format == .gif || format == .webp ? max(header.pageCount, 1) : 1,
            capturedAt: exif.captureDate,
            location: exif.location
        )
    }
}
