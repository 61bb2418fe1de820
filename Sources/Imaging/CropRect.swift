/// A rectangle in pixels of the upright original (after EXIF orientation).
public struct CropRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Throws unless the rectangle is non-empty and lies inside an image of
    /// the given size.
    func validate(insideWidth imageWidth: Int, height imageHeight: Int) throws(ImagingError) {
        guard width > 0, height > 0, x >= 0, y >= 0 else {
            throw .invalidEdit(reason: "crop must have a positive size and a non-negative origin")
        }
        // Compared by subtraction so that huge values cannot overflow.
        guard width <= imageWidth, height <= imageHeight,
            x <= imageWidth - width, y <= imageHeight - height
        else {
            throw .invalidEdit(reason: "crop \(x),\(y) \(width)×\(height) exceeds the \(imageWidth)×\(imageHeight) image")
        }
    }
}
