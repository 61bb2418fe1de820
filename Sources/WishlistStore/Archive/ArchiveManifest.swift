import Foundation

/// `manifest.json`: what the archive is, which version of the format, when and by what it was made.
struct ArchiveManifest: Codable, Sendable, Equatable {
    var format: String
    var version: Int
    var exportedAt: Date
    /// The schema of the server that wrote the archive: its newest migration.
    var serverVersion: String
    /// How many records of each kind the archive holds, by record file name.
    var counts: [String: Int]
}
