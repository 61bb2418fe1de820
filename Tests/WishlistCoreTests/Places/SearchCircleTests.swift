import Foundation
import Testing
import WishlistCore

@Suite struct SearchCircleTests {
    /// Metres of one degree of latitude on the sphere.
    static let metresPerDegree = SearchCircle.earthRadius * .pi / 180

    @Test func aFirstPageStartsAtOneKilometreAndLaterPagesBeyondTheLastPoint() {
        #expect(SearchCircle(latitude: 0, longitude: 0, after: nil).radius == 1_000)
        #expect(SearchCircle(latitude: 0, longitude: 0, after: 400).radius == 1_000)
        #expect(SearchCircle(latitude: 0, longitude: 0, after: 10_000).radius == 15_000)
    }

    @Test func itDoublesUpToHalfTheCircumference() {
        var circle = SearchCircle(latitude: 37.5, longitude: 127, after: nil)
        var radii: [Double] = []
        while !circle.coversEverything {
            radii.append(circle.radius)
            circle = circle.doubled()
        }
        #expect(radii.prefix(3) == [1_000, 2_000, 4_000])
        #expect(circle.radius == SearchCircle.maximumRadius)
        #expect(radii.count == 15)  // 1 km · 2^14 is still under 20,015 km; 2^15 is over
    }

    @Test func anOrdinaryCircleIsOneBoxAsTallAsItsDiameter() throws {
        let circle = SearchCircle(latitude: 0, longitude: 10, radius: 100_000)
        let box = try #require(circle.boxes.first)
        #expect(circle.boxes.count == 1)
        let halfHeight = 100_000 / Self.metresPerDegree
        #expect(abs(box.maxLatitude - halfHeight) < 1e-9 && abs(box.minLatitude + halfHeight) < 1e-9)
        // At the equator the widest spread is the same angle.
        #expect(abs(box.minLongitude - (10 - halfHeight)) < 1e-9 && abs(box.maxLongitude - (10 + halfHeight)) < 1e-9)
    }

    @Test func awayFromTheEquatorTheBoxIsWider() throws {
        let box = try #require(SearchCircle(latitude: 60, longitude: 0, radius: 100_000).boxes.first)
        let halfHeight = 100_000 / Self.metresPerDegree
        // About 1/cos(60°) = 2 times as wide as tall.
        #expect(box.maxLongitude / halfHeight > 1.99 && box.maxLongitude / halfHeight < 2.01)
    }

    @Test func acrossTheAntimeridianItIsTwoBoxes() {
        let boxes = SearchCircle(latitude: 0, longitude: 179.9, radius: 50_000).boxes
        #expect(boxes.count == 2)
        #expect(boxes.allSatisfy { !$0.crossesAntimeridian })
        #expect(boxes[0].maxLongitude == 180 && boxes[1].minLongitude == -180)
        #expect(boxes.contains { $0.contains(latitude: 0, longitude: -179.9) })
    }

    @Test func reachingAPoleItIsABandAllAround() {
        let boxes = SearchCircle(latitude: 89.9, longitude: 0, radius: 50_000).boxes
        #expect(boxes.count == 1)
        #expect(boxes[0].minLongitude == -180 && boxes[0].maxLongitude == 180 && boxes[0].maxLatitude == 90)
        let everything = SearchCircle(latitude: 0, longitude: 0, radius: SearchCircle.maximumRadius).boxes
        #expect(everything.count == 1 && everything[0].minLatitude == -90 && everything[0].maxLatitude == 90)
    }
}
