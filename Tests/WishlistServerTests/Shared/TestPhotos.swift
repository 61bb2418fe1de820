import Foundation
import TestSupport

/// The real camera photos in the repository's `testdata/photos` (see its README).
enum TestPhotos {
    static let folder = TestData.folder.appendingPathComponent("photos")

    static func photo(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    static func photos(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(folder).path)
            .sorted().map { "\(folder)/\($0)" }
    }
}
