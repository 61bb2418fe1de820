import Foundation

/// One of the files Giphy offers for a GIF (`images.fixed_width`, `images.original_still`…).
public struct GiphyRendition: Sendable, Hashable, Codable {
    public var url: URL
    public var width: Int
    public var height: Int
    /// The file's size in bytes, when Giphy says.
    public var byteCount: Int?

    public init(url: URL, width: Int, height: Int, byteCount: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }
}
