/// Raw pixels of a decoded test output.
struct DecodedImage {
    var width: Int
    var height: Int
    var bands: Int
    var pixels: [UInt8]

    /// Mean absolute difference per sample (0–255) from an image of the same
    /// shape; nil when the shapes differ.
    func meanAbsoluteDifference(from other: DecodedImage) -> Double? {
        guard width == other.width, height == other.height, bands == other.bands,
            pixels.count == other.pixels.count, !pixels.isEmpty
        else { return nil }
        let total = zip(pixels, other.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(pixels.count)
    }

    /// The samples of the pixel at (x, y).
    func pixel(x: Int, y: Int) -> ArraySlice<UInt8> {
        let start = (y * width + x) * bands
        return pixels[start..<start + bands]
    }
}
