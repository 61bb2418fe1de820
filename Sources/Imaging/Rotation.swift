/// A clockwise turn by a multiple of 90 degrees.
public enum Rotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Any multiple of 90, negative meaning anticlockwise (-90 is 270);
    /// nil for other angles.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }
}
