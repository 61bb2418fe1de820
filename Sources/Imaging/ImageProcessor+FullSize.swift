extension ImageProcessor {
    /// The whole original as a JPEG file at `path`: upright, full size, sRGB, no metadata, the
    /// first frame of an animation. A copy every browser can show of a format few can (HEIC is
    /// shown by Safari only); the original itself is left as it is.
    ///
    /// Holds one of the rendition slots while it decodes (see `renditions(of:edit:sizes:encoding:)`).
    ///
    /// - Throws: `ImagingError.unsupportedFormat`, `.unreadable`, `.tooManyPixels` (before
    ///   decoding), `.writeFailed`, `.fileUnavailable`.
    public func writeFullSizeJPEG(of source: ImageSource, to path: String, quality: Int = 90) throws(ImagingError) {
        let input = try VipsInput(source)
        let header = try input.open()
        let info = try info(of: header, format: input.format)
        try RenditionSlots.withSlot { () throws(ImagingError) in
            var image = try input.thumbnail(
                width: info.uprightWidth, height: info.uprightHeight, applyProfile: header.hasColourProfile)
            if image.hasAlpha {
                image = try image.flattenedOnWhite()
            }
            try image.writeJPEG(to: path, quality: quality)
        }
    }
}
