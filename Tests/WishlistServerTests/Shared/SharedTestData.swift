import Foundation

/// The real-world files in `../shared/testdata` beside the project.
enum SharedTestData {
    static let photos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../../shared/testdata/photos").standardizedFileURL

    static func photo(_ path: String) throws -> Data {
        try Data(contentsOf: photos.appendingPathComponent(path))
    }

    static func photos(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: photos.appendingPathComponent(folder).path)
            .sorted().map { "\(folder)/\($0)" }
    }
}
