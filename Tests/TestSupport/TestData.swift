import Foundation

/// The real-world files the tests read, in the repository's `testdata` folder (each kind with its
/// source and licence in a README there).
public enum TestData {
    /// `testdata`, found by walking up from this file to the folder that holds it, so no test counts folders.
    public static let folder: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("testdata").path), url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("testdata")
    }()

    /// The camera photos: `photo("gps/DSCN0010.jpg")`.
    public static func photo(_ relative: String) -> URL {
        folder.appendingPathComponent("photos").appendingPathComponent(relative)
    }

    /// The saved web pages, a folder each.
    public static let linkPreviews = folder.appendingPathComponent("link-previews")
}
