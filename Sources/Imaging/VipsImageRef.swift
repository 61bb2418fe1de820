import CVips
import Foundation

/// Owns one reference to a libvips image and releases it when dropped.
/// Not shared between threads: every job builds its own.
final class VipsImageRef {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        cvips_release_image(pointer)
    }

    var width: Int { Int(cvips_image_get_width(pointer)) }
    var height: Int { Int(cvips_image_get_height(pointer)) }
    var bands: Int { Int(cvips_image_get_bands(pointer)) }
    var hasAlpha: Bool { cvips_image_hasalpha(pointer) }
    /// EXIF orientation 1–8 (libvips answers 1 when absent or invalid).
    var orientation: Int { Int(cvips_image_get_orientation(pointer)) }
    var pageCount: Int { Int(cvips_image_get_n_pages(pointer)) }

    /// Whether an ICC profile is embedded (CMYK without one is still
    /// converted by libvips with its built-in profile).
    var hasColourProfile: Bool { hasField("icc-profile-data") }

    func hasField(_ name: String) -> Bool {
        cvips_image_has_field(pointer, name)
    }

    /// A string metadata field, e.g. "exif-ifd2-DateTimeOriginal".
    func string(_ name: String) -> String? {
        guard hasField(name) else { return nil }
        var value: UnsafePointer<CChar>?
        guard cvips_image_get_string(pointer, name, &value) == 0, let value else {
            cvips_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// Runs a libvips operation that makes a new image from this one.
    private func derive(
        _ operation: (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>) -> Int32
    ) throws(ImagingError) -> VipsImageRef {
        var out: OpaquePointer?
        guard operation(pointer, &out) == 0, let out else {
            throw .unreadable(reason: VipsRuntime.takeErrorMessage())
        }
        return VipsImageRef(out)
    }

    /// Fits within `width`×`height`, or fills it and keeps the centre when
    /// `cover` is true. Never enlarges.
    func resized(width: Int, height: Int, cover: Bool) throws(ImagingError) -> VipsImageRef {
        try derive { cvips_resize($0, $1, Int32(width), Int32(height), cover) }
    }

    func cropped(left: Int, top: Int, width: Int, height: Int) throws(ImagingError) -> VipsImageRef {
        try derive { cvips_crop($0, $1, Int32(left), Int32(top), Int32(width), Int32(height)) }
    }

    /// Crops by a rectangle given in the pixels of a larger original of
    /// `originalWidth`×`originalHeight` that this image is a reduction of.
    /// The top-left corner rounds down and the bottom-right one to the
    /// nearest pixel, keeping the requested shape to within a pixel.
    func cropped(to crop: CropRect, fromWidth originalWidth: Int, height originalHeight: Int) throws(ImagingError) -> VipsImageRef {
        let scaleX = Double(width) / Double(originalWidth)
        let scaleY = Double(height) / Double(originalHeight)
        let left = min(width - 1, Int((Double(crop.x) * scaleX).rounded(.down)))
        let top = min(height - 1, Int((Double(crop.y) * scaleY).rounded(.down)))
        let right = min(width, max(left + 1, Int((Double(crop.x + crop.width) * scaleX).rounded())))
        let bottom = min(height, max(top + 1, Int((Double(crop.y + crop.height) * scaleY).rounded())))
        return try cropped(left: left, top: top, width: right - left, height: bottom - top)
    }

    func rotated(_ rotation: Rotation) throws(ImagingError) -> VipsImageRef {
        let angle =
            switch rotation {
            case .none: CVIPS_ANGLE_D0
            case .quarter: CVIPS_ANGLE_D90
            case .half: CVIPS_ANGLE_D180
            case .threeQuarters: CVIPS_ANGLE_D270
            }
        return try derive { cvips_rotate($0, $1, angle) }
    }

    func flattenedOnWhite() throws(ImagingError) -> VipsImageRef {
        try derive { cvips_flatten_white($0, $1) }
    }

    /// Runs the pipeline once into memory so that later steps read the
    /// decoded pixels instead of decoding again. Decoding errors surface here.
    func materialized() throws(ImagingError) -> VipsImageRef {
        guard let copy = cvips_image_copy_memory(pointer) else {
            throw .unreadable(reason: VipsRuntime.takeErrorMessage())
        }
        return VipsImageRef(copy)
    }

    /// The same pixels with no metadata at all: no EXIF (camera, time,
    /// GPS), XMP, IPTC or ICC profile. The savers' own "strip" is not
    /// enough on its own (see `WebPContainer`).
    func withoutMetadata() throws(ImagingError) -> VipsImageRef {
        let copy = try derive { cvips_copy($0, $1) }
        if let fields = cvips_image_get_fields(copy.pointer) {
            defer { cvips_strfreev(fields) }
            var index = 0
            while let name = fields[index] {
                // Built-in header fields (width, bands…) are not removable
                // and are left as they are.
                cvips_image_remove(copy.pointer, name)
                index += 1
            }
        }
        return copy
    }

    /// The image encoded without metadata.
    func encoded(_ encoding: RenditionEncoding) throws(ImagingError) -> Data {
        let bare = try withoutMetadata()
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let status =
            switch encoding.format {
            case .jpeg: cvips_jpeg_save(bare.pointer, &bytes, &length, Int32(encoding.quality))
            case .webp: cvips_webp_save(bare.pointer, &bytes, &length, Int32(encoding.quality))
            }
        guard status == 0, let bytes else {
            throw .writeFailed(reason: VipsRuntime.takeErrorMessage())
        }
        let file = Data(bytesNoCopy: bytes, count: length, deallocator: .custom { pointer, _ in cvips_free(pointer) })
        guard encoding.format == .webp else { return file }
        guard let stripped = WebPContainer.removingMetadata(from: file) else {
            throw .writeFailed(reason: "libvips wrote a malformed WebP file")
        }
        return stripped
    }

    /// Writes the image without metadata as a JPEG file at `path`, encoding as the pixels decode.
    func writeJPEG(to path: String, quality: Int) throws(ImagingError) {
        let bare = try withoutMetadata()
        errno = 0
        guard cvips_jpeg_save_file(bare.pointer, path, Int32(quality)) == 0 else {
            // libvips reports a failed write(2) only as text; the errno it left says whether the
            // disk was full, which the caller answers differently from a fault.
            let code = errno
            let reason = VipsRuntime.takeErrorMessage(hiding: path)
            if code == ENOSPC || code == EDQUOT { throw .noSpaceLeft }
            throw .writeFailed(reason: reason)
        }
    }

    /// The decoded pixels, row by row, `bands` bytes per pixel (8-bit images).
    func pixels() throws(ImagingError) -> [UInt8] {
        var length = 0
        guard let memory = cvips_image_write_to_memory(pointer, &length) else {
            throw .unreadable(reason: VipsRuntime.takeErrorMessage())
        }
        defer { cvips_free(memory) }
        return Array(UnsafeRawBufferPointer(start: memory, count: length))
    }
}
