import Foundation

/// The real camera photos in the repository's `testdata/photos` (see its README).
enum TestPhotos {
    /// This file is in `Tests/WishlistCLITests/`, two folders below the repository's root.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("testdata/photos")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
}
