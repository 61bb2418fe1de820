import Foundation

/// Where a new photo's bytes come from: a file (an upload spooled to disk, a download) or bytes
/// in memory (a small upload, an image fetched for a link preview).
public enum PhotoSource: Sendable {
    case file(path: String)
    case bytes(Data)
}
