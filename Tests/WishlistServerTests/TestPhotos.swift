import Foundation

/// The real camera photos in the repository's `testdata/photos` (see its README).
enum TestPhotos {
    /// This file is in `Tests/WishlistServerTests/`, two folders below the repository's root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("testdata/photos")

    static func photo(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    static func photos(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(folder).path)
            .sorted().map { "\(folder)/\($0)" }
    }
}
