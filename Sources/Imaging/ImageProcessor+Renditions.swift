extension ImageProcessor {
    /// Display images of an original: upright by its EXIF orientation, with
    /// `edit` applied (crop in upright pixels, then rotate), at each of
    /// `sizes`, in the order given. An animation yields its first frame.
    ///
    /// The original is decoded once, shrunk while loading (JPEG, WebP and
    /// HEIF decode at reduced scale) to what the largest size needs; the
    /// sizes are then made from those pixels in memory.
    ///
    /// Synchronous and CPU-bound. The decoding runs on a rendering thread at
    /// a lower priority, at most `max(1, cores - 1)` at once in the process
    /// (see `RenditionSlots`); further callers block until one finishes,
    /// which bounds memory and leaves a core to the server's readers. Call it
    /// from a thread that may block (a server worker thread or a dedicated
    /// queue), not from the main actor.
    ///
    /// - Throws: `ImagingError.unsupportedFormat`, `.unreadable`,
    ///   `.tooManyPixels` (before decoding), `.invalidEdit`, `.writeFailed`,
    ///   `.fileUnavailable`.
    public func renditions(
        of source: ImageSource,
        edit: PhotoEdit = .none,
        sizes: [RenditionSize] = RenditionSize.allCases,
        encoding: RenditionEncoding = .jpeg
    ) throws(ImagingError) -> [Rendition] {
        let input = try VipsInput(source)
        let header = try input.open()
        let info = try info(of: header, format: input.format)
        let crop = edit.crop ?? CropRect(x: 0, y: 0, width: info.uprightWidth, height: info.uprightHeight)
        try crop.validate(insideWidth: info.uprightWidth, height: info.uprightHeight)
        guard !sizes.isEmpty else { return [] }
        return try RenditionSlots.withSlot { () throws(ImagingError) in
            let edited = try editedPixels(
                of: input, info: info, applyProfile: header.hasColourProfile,
                crop: crop, rotation: edit.rotation, sizes: sizes, encoding: encoding)
            var renditions: [Rendition] = []
            for size in sizes {
                let side = size.isSquare ? min(size.pixels, edited.width, edited.height) : size.pixels
                let image = try edited.resized(width: side, height: side, cover: size.isSquare)
                renditions.append(
                    Rendition(
                        size: size, format: encoding.format,
                        width: image.width, height: image.height,
                        data: try image.encoded(encoding)
                    ))
            }
            return renditions
        }
    }

    /// The upright original, cropped by `crop` (validated, in upright
    /// pixels) and turned, in memory, no larger than the largest of `sizes`
    /// needs.
    private func editedPixels(
        of input: VipsInput, info: ImageInfo, applyProfile: Bool, crop: CropRect, rotation: Rotation,
        sizes: [RenditionSize], encoding: RenditionEncoding
    ) throws(ImagingError) -> VipsImageRef {
        let (uprightWidth, uprightHeight) = (info.uprightWidth, info.uprightHeight)
        // Rotation keeps both sides' lengths, so the crop alone sets the scale.
        let scale = sizes.map { $0.scale(forWidth: crop.width, height: crop.height) }.max() ?? 1
        var image = try input.thumbnail(
            width: max(1, Int((Double(uprightWidth) * scale).rounded(.up))),
            height: max(1, Int((Double(uprightHeight) * scale).rounded(.up))),
            applyProfile: applyProfile
        )
        if (crop.width, crop.height) != (uprightWidth, uprightHeight) {
            image = try image.cropped(to: crop, fromWidth: uprightWidth, height: uprightHeight)
        }
        if encoding.format == .jpeg && image.hasAlpha {
            image = try image.flattenedOnWhite()
        }
        // Decode here, once; turning the decoded pixels is cheap, while
        // turning the lazy pipeline would read the original out of order.
        image = try image.materialized()
        if rotation != .none {
            image = try image.rotated(rotation)
        }
        return image
    }
}
