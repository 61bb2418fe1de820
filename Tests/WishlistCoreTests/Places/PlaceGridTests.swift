import Testing
import WishlistCore

@Suite struct PlaceGridTests {
    @Test func cellsCountFromTheAntimeridianAndTheSouthPole() {
        #expect(PlaceGrid.Cell(latitude: -90, longitude: -180, level: 1) == PlaceGrid.Cell(x: 0, y: 0))
        #expect(PlaceGrid.Cell(latitude: 10, longitude: 10, level: 1) == PlaceGrid.Cell(x: 1, y: 1))
        // Level 3: cells of 45° by 22.5°. Seoul (37.57, 126.98) is column 6, row 5.
        #expect(PlaceGrid.Cell(latitude: 37.57, longitude: 126.98, level: 3) == PlaceGrid.Cell(x: 6, y: 5))
        // The east edge and the north pole belong to the last cell, not one past it.
        #expect(PlaceGrid.Cell(latitude: 90, longitude: 180, level: 3) == PlaceGrid.Cell(x: 7, y: 7))
    }

    @Test func aFineCellLiesInItsCoarserCell() {
        for level in PlaceGrid.levels.dropFirst() {
            let fine = PlaceGrid.Cell(latitude: 37.57, longitude: 126.98, level: level)
            #expect(fine.coarser(by: 2) == PlaceGrid.Cell(latitude: 37.57, longitude: 126.98, level: level - 2))
        }
    }

    @Test func zoomPicksTheNearestLevel() {
        #expect(PlaceGrid.levels == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19])
        #expect(PlaceGrid.level(zoom: 0) == 1)
        #expect(PlaceGrid.level(zoom: 1) == 3)
        #expect(PlaceGrid.level(zoom: 5) == 7)
        #expect(PlaceGrid.level(zoom: 30) == 19)
    }

    @Test func cellsInsideABoxAreOnlyWholeOnes() throws {
        // Level 2: cells of 90° by 45°. The box covers column 2 wholly, columns 1 and 3 in part.
        let box = try BoundingBox(minLongitude: -10, minLatitude: -50, maxLongitude: 100, maxLatitude: 50)
        let inside = try #require(PlaceGrid.CellRange(inside: box, level: 2))
        #expect(inside == PlaceGrid.CellRange(level: 2, x: 2...2, y: 1...2))
        #expect(inside.edges == (west: 0, east: 90, south: -45, north: 45))
        let small = try BoundingBox(minLongitude: 1, minLatitude: 1, maxLongitude: 2, maxLatitude: 2)
        #expect(PlaceGrid.CellRange(inside: small, level: 2) == nil)
    }

    @Test func aRangeAtAFinerLevelCoversTheSameArea() {
        let range = PlaceGrid.CellRange(level: 1, x: 1...1, y: 0...1)
        let finer = range.at(3)
        #expect(finer == PlaceGrid.CellRange(level: 3, x: 4...7, y: 0...7))
        #expect(finer.edges == range.edges)
    }

    @Test func theFrameIsEveryCellOutsideTheInnerRangeOnce() {
        let outer = PlaceGrid.CellRange(level: 5, x: 0...9, y: 0...7)
        let inner = PlaceGrid.CellRange(level: 5, x: 3...5, y: 2...4)
        var cells: [PlaceGrid.Cell] = []
        for part in outer.frame(around: inner) {
            for x in part.x { for y in part.y { cells.append(PlaceGrid.Cell(x: x, y: y)) } }
        }
        #expect(cells.count == 10 * 8 - 3 * 3)
        #expect(Set(cells).count == cells.count)
        #expect(cells.allSatisfy { !inner.contains($0) && outer.contains($0) })
        // An inner range touching the outer's edges leaves no empty rectangles behind.
        #expect(outer.frame(around: outer).isEmpty)
    }

    @Test func theRimIsTheBoxOutsideTheCellsReachingALittleIntoThem() throws {
        let box = try BoundingBox(minLongitude: -10, minLatitude: -50, maxLongitude: 100, maxLatitude: 50)
        let inside = try #require(PlaceGrid.CellRange(inside: box, level: 2))
        let rim = inside.rim(of: box)
        let overlap = PlaceGrid.CellRange.rimOverlap
        #expect(
            rim == [
                try BoundingBox(minLongitude: -10, minLatitude: -50, maxLongitude: 100, maxLatitude: -45 + overlap),
                try BoundingBox(minLongitude: -10, minLatitude: 45 - overlap, maxLongitude: 100, maxLatitude: 50),
                try BoundingBox(minLongitude: -10, minLatitude: -45 - overlap, maxLongitude: overlap, maxLatitude: 45 + overlap),
                try BoundingBox(minLongitude: 90 - overlap, minLatitude: -45 - overlap, maxLongitude: 100, maxLatitude: 45 + overlap)
            ])
    }

    @Test func aClusterIsAtTheMeanOfItsPoints() {
        var sum = PointSum()
        sum.add(latitude: 10, longitude: 20)
        sum.add(count: 3, latitude: 50, longitude: 100)
        #expect(sum.cluster == MapMarkers.Cluster(latitude: 15, longitude: 30, count: 4))
    }
}
