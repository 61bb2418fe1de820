import Foundation
import TestSupport
import Testing

@testable import Imaging

/// Locates the real-world photos and decodes outputs for comparison.
enum TestPhotos {
    static let directory = TestData.folder.appendingPathComponent("photos")

    static func path(_ relative: String) -> String {
        directory.appendingPathComponent(relative).path
    }

    static func source(_ relative: String) -> ImageSource {
        .file(path: path(relative))
    }

    /// The file names in one folder, sorted.
    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(folder)).sorted()
    }

    /// An encoded image decoded by libvips to raw 8-bit pixels.
    static func decode(_ data: Data) throws -> DecodedImage {
        let image = try VipsInput(.data(data)).open()
        return DecodedImage(width: image.width, height: image.height, bands: image.bands, pixels: try image.pixels())
    }

    /// Metadata field names an encoded image carries that could reveal
    /// where or when it was taken, or with what.
    static func metadataFields(of data: Data) throws -> [String] {
        let image = try VipsInput(.data(data)).open()
        return ["exif-data", "xmp-data", "iptc-data", "icc-profile-data", "exif-ifd3-GPSLatitude"]
            .filter(image.hasField)
    }
}
