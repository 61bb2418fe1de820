/// The sizes made from an original for display. None is ever enlarged.
public enum RenditionSize: String, Sendable, Hashable, CaseIterable {
    /// A 320×320 square, filled and centre-cropped.
    case thumb
    /// Long side 1024.
    case medium
    /// Long side 2048.
    case large

    /// The square's side for `thumb`, the long side otherwise.
    public var pixels: Int {
        switch self {
        case .thumb: 320
        case .medium: 1024
        case .large: 2048
        }
    }

    /// Whether the size fills a square and crops the overflow.
    public var isSquare: Bool { self == .thumb }

    /// The scale an image of this size needs to be reduced by, at most 1.
    func scale(forWidth width: Int, height: Int) -> Double {
        let side = isSquare ? min(width, height) : max(width, height)
        return min(1, Double(pixels) / Double(max(side, 1)))
    }
}
