extension PlaceGrid {
    /// A rectangle of cells at one level, inclusive.
    public struct CellRange: Equatable, Sendable {
        public let level: Int
        public let x: ClosedRange<Int>
        public let y: ClosedRange<Int>

        /// The cells `x` × `y` of one zoom `level`.
        public init(level: Int, x: ClosedRange<Int>, y: ClosedRange<Int>) {
            self.level = level
            self.x = x
            self.y = y
        }

        /// The cells wholly inside `box` (which must not cross the antimeridian) at `level`, if any.
        public init?(inside box: BoundingBox, level: Int) {
            let width = 360 / Double(1 << level)
            let height = 180 / Double(1 << level)
            let x0 = Int(((box.minLongitude + 180) / width).rounded(.up))
            let x1 = Int(((box.maxLongitude + 180) / width).rounded(.down)) - 1
            let y0 = Int(((box.minLatitude + 90) / height).rounded(.up))
            let y1 = Int(((box.maxLatitude + 90) / height).rounded(.down)) - 1
            guard x0 <= x1, y0 <= y1 else { return nil }
            self.init(level: level, x: x0...x1, y: y0...y1)
        }

        /// The same area in the cells of a finer level.
        public func at(_ finer: Int) -> CellRange {
            let factor = 1 << (finer - level)
            return CellRange(
                level: finer, x: x.lowerBound * factor...(x.upperBound + 1) * factor - 1,
                y: y.lowerBound * factor...(y.upperBound + 1) * factor - 1)
        }

        /// Whether `cell` is in the range.
        public func contains(_ cell: Cell) -> Bool {
            x.contains(cell.x) && y.contains(cell.y)
        }

        /// Its west, east, south and north edges in degrees.
        public var edges: (west: Double, east: Double, south: Double, north: Double) {
            let width = 360 / Double(1 << level)
            let height = 180 / Double(1 << level)
            return (
                Double(x.lowerBound) * width - 180, Double(x.upperBound + 1) * width - 180,
                Double(y.lowerBound) * height - 90, Double(y.upperBound + 1) * height - 90
            )
        }

        /// The cells of this range not in `inner` (a range of the same level inside it), as up to
        /// four non-empty rectangles: the rows south and north of `inner`, then the columns west
        /// and east of it.
        public func frame(around inner: CellRange) -> [CellRange] {
            [
                (x.lowerBound, x.upperBound, y.lowerBound, inner.y.lowerBound - 1),
                (x.lowerBound, x.upperBound, inner.y.upperBound + 1, y.upperBound),
                (x.lowerBound, inner.x.lowerBound - 1, inner.y.lowerBound, inner.y.upperBound),
                (inner.x.upperBound + 1, x.upperBound, inner.y.lowerBound, inner.y.upperBound)
            ].compactMap { x0, x1, y0, y1 in
                x0 <= x1 && y0 <= y1 ? CellRange(level: level, x: x0...x1, y: y0...y1) : nil
            }
        }

        /// How far, in degrees (about a metre), each strip of ``rim(of:)`` reaches into the cells
        /// it borders. The cells' edges are exact binary fractions and a point's cell comes from
        /// the same division, so no point should fall between the cells and the strips; the
        /// overlap is a margin against that, and costs a few rows, as the caller counts each point
        /// once and leaves out those its cells counted.
        public static let rimOverlap = 1e-5

        /// The parts of `box` outside these cells: a thin rim along its edges, as boxes reaching
        /// ``rimOverlap`` into the cells and no further than `box`.
        public func rim(of box: BoundingBox) -> [BoundingBox] {
            let edge = edges
            let overlap = Self.rimOverlap
            return [
                (box.minLongitude, box.minLatitude, box.maxLongitude, edge.south),
                (box.minLongitude, edge.north, box.maxLongitude, box.maxLatitude),
                (box.minLongitude, edge.south, edge.west, edge.north),
                (edge.east, edge.south, box.maxLongitude, edge.north)
            ].compactMap { west, south, east, north in
                try? BoundingBox(
                    minLongitude: Swift.max(box.minLongitude, west - overlap),
                    minLatitude: Swift.max(box.minLatitude, south - overlap),
                    maxLongitude: Swift.min(box.maxLongitude, Swift.max(west, east) + overlap),
                    maxLatitude: Swift.min(box.maxLatitude, Swift.max(south, north) + overlap))
            }
        }
    }
}
