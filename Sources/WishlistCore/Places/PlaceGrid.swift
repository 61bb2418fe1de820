/// A grid over the world at several levels, in which points on a map (wishes, spots) are counted
/// so that a big box answers as clusters without reading every point. A cell of level L spans
/// 360/2^L degrees of longitude and 180/2^L of latitude.
public enum PlaceGrid {
    /// The levels kept: every other one is enough, since a map zoom picks the nearest one.
    public static let levels = Array(stride(from: 1, through: 19, by: 2))

    /// One cell of a level, by column (from the antimeridian eastwards) and row (from the south pole).
    public struct Cell: Hashable, Sendable {
        public let x: Int
        public let y: Int

        /// The cell at column `x` and row `y`.
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        /// The cell of a point. Points on the east edge or the north pole fall in the last cell.
        public init(latitude: Double, longitude: Double, level: Int) {
            let count = 1 << level
            self.init(
                x: min(Int((longitude + 180.0) / 360.0 * Double(count)), count - 1),
                y: min(Int((latitude + 90.0) / 180.0 * Double(count)), count - 1))
        }

        /// The cell of a coarser level that holds this one, `levels` levels up.
        public func coarser(by levels: Int) -> Cell {
            Cell(x: x >> levels, y: y >> levels)
        }
    }

    /// The level whose cells are 64–128 pixels wide at a web map's `zoom`.
    public static func level(zoom: Int) -> Int {
        let wanted = zoom + 2
        return levels.min { abs($0 - wanted) < abs($1 - wanted) } ?? levels[0]
    }
}
