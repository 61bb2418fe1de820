import Foundation
import Testing

@testable import Imaging

/// Every EXIF orientation must come out looking like orientation 1. Compared
/// by pixels, since a mirrored or upside-down image has the right size too.
@Suite struct OrientationTests {
    let processor = ImageProcessor()

    /// Mean absolute difference (0–255) under which two thumbnails of the
    /// same scene count as the same picture. Measured: the eight files of a
    /// series differ by 7.6–9.0 once upright (they were encoded separately),
    /// while a wrong turn or a missing flip differs by 39–88.
    static let sameImageThreshold = 20.0

    private func thumbnail(_ file: String, edit: PhotoEdit = .none) throws -> DecodedImage {
        let renditions = try processor.renditions(of: TestPhotos.source("orientation/\(file)"), edit: edit, sizes: [.thumb])
        return try TestPhotos.decode(try #require(renditions.first).data)
    }

    @Test(arguments: ["landscape", "portrait"], 2...8)
    func comesOutUpright(series: String, orientation: Int) throws {
        let reference = try thumbnail("\(series)_1.jpg")
        let candidate = try thumbnail("\(series)_\(orientation).jpg")
        let difference = try #require(candidate.meanAbsoluteDifference(from: reference))
        #expect(difference < Self.sameImageThreshold, "\(series)_\(orientation): \(difference)")
    }

    /// The check above would catch a wrong rotation or a missing flip.
    @Test(
        arguments: ["landscape", "portrait"],
        [PhotoEdit(rotation: .quarter), PhotoEdit(rotation: .half), PhotoEdit(rotation: .threeQuarters)])
    func wrongTurnIsDetected(series: String, edit: PhotoEdit) throws {
        let reference = try thumbnail("\(series)_1.jpg")
        let turned = try thumbnail("\(series)_1.jpg", edit: edit)
        let difference = try #require(turned.meanAbsoluteDifference(from: reference))
        #expect(difference > Self.sameImageThreshold, "\(series) \(edit.rotation): \(difference)")
    }

    @Test(arguments: ["landscape", "portrait"])
    func mirrorIsDetected(series: String) throws {
        let reference = try thumbnail("\(series)_1.jpg")
        var mirrored = reference
        for y in 0..<reference.height {
            for x in 0..<reference.width {
                let from = reference.pixel(x: reference.width - 1 - x, y: y)
                let start = (y * reference.width + x) * reference.bands
                mirrored.pixels.replaceSubrange(start..<start + reference.bands, with: from)
            }
        }
        let difference = try #require(mirrored.meanAbsoluteDifference(from: reference))
        #expect(difference > Self.sameImageThreshold, "\(series) mirrored: \(difference)")
    }
}
