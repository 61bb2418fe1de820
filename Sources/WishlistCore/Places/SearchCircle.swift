import Foundation

/// A circle on the Earth around a point where "near me" looks for points (wishes, spots): it
/// starts small and doubles until it holds a page, so a dense city answers from its own streets
/// and a lonely point at the antipode is still found. Its `boxes` are what a spatial index can
/// search; the caller keeps the candidates whose distance is within `radius`.
public struct SearchCircle: Sendable, Equatable {
    /// The IUGG mean Earth radius in metres, the sphere distances are measured on.
    public static let earthRadius: Double = 6_371_008.8
    /// The largest useful radius: half the circumference reaches every point.
    public static let maximumRadius = Double.pi * earthRadius
    /// Where a first page starts looking.
    public static let initialRadius: Double = 1_000

    public let latitude: Double
    public let longitude: Double
    /// In metres along the surface.
    public let radius: Double

    /// A circle of `radius` metres around a point.
    public init(latitude: Double, longitude: Double, radius: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = min(radius, Self.maximumRadius)
    }

    /// The first circle for a page that follows one whose last point was `distance` metres away
    /// (nil for the first page): a little beyond it, since the next points lie further out.
    public init(latitude: Double, longitude: Double, after distance: Double?) {
        self.init(latitude: latitude, longitude: longitude, radius: max(Self.initialRadius, (distance ?? 0) * 1.5))
    }

    /// True once the circle covers the whole Earth: growing it would find nothing more.
    public var coversEverything: Bool { radius >= Self.maximumRadius }

    /// The circle of twice the radius, at most `maximumRadius`.
    public func doubled() -> SearchCircle {
        SearchCircle(latitude: latitude, longitude: longitude, radius: radius * 2)
    }

    /// Boxes, none crossing the antimeridian, that together hold the whole circle: one band of
    /// latitudes all around when it reaches a pole, two when it crosses the antimeridian.
    public var boxes: [BoundingBox] {
        let angle = radius / Self.earthRadius * 180 / .pi
        let south = latitude - angle
        let north = latitude + angle
        if south <= -90 || north >= 90 || angle >= 90 {
            return [BoundingBox(unchecked: -180, max(south, -90), 180, min(north, 90))]
        }
        // The widest longitude spread of the circle, at the latitude where its edge turns.
        let spread = asin(min(1, sin(radius / Self.earthRadius) / cos(latitude * .pi / 180))) * 180 / .pi
        let west = longitude - spread
        let east = longitude + spread
        if spread >= 180 {
            return [BoundingBox(unchecked: -180, south, 180, north)]
        } else if west < -180 {
            return [BoundingBox(unchecked: west + 360, south, 180, north), BoundingBox(unchecked: -180, south, east, north)]
        } else if east > 180 {
            return [BoundingBox(unchecked: west, south, 180, north), BoundingBox(unchecked: -180, south, east - 360, north)]
        }
        return [BoundingBox(unchecked: west, south, east, north)]
    }
}
