import Foundation

/// One encoded output image made from an original.
public struct Rendition: Sendable, Hashable {
    public var size: RenditionSize
    public var format: RenditionEncoding.Format
    /// Pixel width of the encoded image.
    public var width: Int
    /// Pixel height of the encoded image.
    public var height: Int
    /// The encoded file.
    public var data: Data

    public init(size: RenditionSize, format: RenditionEncoding.Format, width: Int, height: Int, data: Data) {
        self.size = size
        self.format = format
        self.width = width
        self.height = height
        self.data = data
    }
}
