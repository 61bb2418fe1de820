extension ImageProcessor {
    /// The original as a JPEG file at `path`: upright, full size, sRGB, no metadata, the first
    /// frame of an animation, with `edit` applied (crop in upright pixels, then rotate). Without an
    /// edit, a copy every browser can show of a format few can (HEIC is shown by Safari only); with
    /// one, the photo as edited at full resolution. The original itself is left as it is.
    ///
    /// Holds one of the rendition slots while it decodes (see `renditions(of:edit:sizes:encoding:)`).
    ///
    /// - Throws: `ImagingError.unsupportedFormat`, `.unreadable`, `.tooManyPixels` (before
    ///   decoding), `.invalidEdit`, `.writeFailed`, `.fileUnavailable`.
    public func writeFullSizeJPEG(
        of source: ImageSource, edit: PhotoEdit = .none, to path: String, quality: Int = 90
    ) throws(ImagingError) {
        let input = try VipsInput(source)
        let header = try input.open()
        let info = try info(of: header, format: input.format)
        let (width, height) = (info.uprightWidth, info.uprightHeight)
        let crop = edit.crop ?? CropRect(x: 0, y: 0, width: width, height: height)
        try crop.validate(insideWidth: width, height: height)
        try RenditionSlots.withSlot { () throws(ImagingError) in
            var image = try input.thumbnail(width: width, height: height, applyProfile: header.hasColourProfile)
            if (crop.width, crop.height) != (width, height) {
                image = try image.cropped(to: crop, fromWidth: width, height: height)
            }
            if image.hasAlpha {
                image = try image.flattenedOnWhite()
            }
            if edit.rotation != .none {
                // Turning the lazy pipeline would read the original out of order: decode first.
                image = try image.materialized().rotated(edit.rotation)
            }
            try image.writeJPEG(to: path, quality: quality)
        }
    }
}
