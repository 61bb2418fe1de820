import CVips
import Foundation

/// An image source opened for libvips after its format was recognised: a
/// file path, or a libvips-owned copy of in-memory bytes.
final class VipsInput {
    let format: ImageFormat
    private let path: String?
    private let source: OpaquePointer?

    /// Truncated files are refused rather than rendered with a grey tail;
    /// lesser decoder warnings (odd EXIF, padding) are tolerated.
    private static let failOn = CVIPS_FAIL_ON_TRUNCATED

    init(_ imageSource: ImageSource) throws(ImagingError) {
        try VipsRuntime.start()
        format = try imageSource.sniffFormat()
        switch imageSource {
        case .file(let path):
            self.path = path
            source = nil
        case .data(let data):
            path = nil
            source = data.withUnsafeBytes { cvips_source_copying($0.baseAddress, $0.count) }
            guard source != nil else {
                throw .unreadable(reason: VipsRuntime.takeErrorMessage())
            }
        }
    }

    deinit {
        if let source { cvips_release_source(source) }
    }

    /// The image with only its header read; pixels decode on demand.
    func open() throws(ImagingError) -> VipsImageRef {
        let image =
            if let source {
                cvips_open_source(source, Self.failOn)
            } else {
                cvips_open_file(path, Self.failOn)
            }
        guard let image else { throw unreadable() }
        return VipsImageRef(image)
    }

    /// The upright first frame in sRGB (or grey), shrunk while loading to fit within
    /// `width`×`height` (never enlarged). `applyProfile` converts through
    /// the embedded ICC profile (wide-gamut phone photos carry one).
    func thumbnail(width: Int, height: Int, applyProfile: Bool) throws(ImagingError) -> VipsImageRef {
        var out: OpaquePointer?
        let profile = applyProfile ? "srgb" : nil
        let status =
            if let source {
                cvips_thumbnail_source(source, &out, Int32(width), Int32(height), Self.failOn, profile)
            } else {
                cvips_thumbnail_file(path, &out, Int32(width), Int32(height), Self.failOn, profile)
            }
        guard status == 0, let out else { throw unreadable() }
        return VipsImageRef(out)
    }

    /// The pending libvips error as an unreadable-image error, with this
    /// input's path hidden.
    func unreadable() -> ImagingError {
        .unreadable(reason: VipsRuntime.takeErrorMessage(hiding: path))
    }
}
