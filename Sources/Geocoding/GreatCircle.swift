import Foundation

/// Great-circle distances on a spherical Earth (haversine formula, mean radius).
///
/// The sphere is within about 0.5 % of the ellipsoid everywhere, which is plenty for
/// "how far is this wish" and for finding the nearest city.
public enum GreatCircle {
    /// The IUGG mean Earth radius in metres.
    public static let meanEarthRadius: Double = 6_371_008.8

    /// The distance in metres between two points, along the surface.
    ///
    /// Works for any longitudes (also across the antimeridian) and at the poles.
    public static func distance(_ from: Coordinate, _ to: Coordinate) -> Double {
        meanEarthRadius
            * centralAngle(
                latitude1: from.latitude.radians, longitude1: from.longitude.radians,
                latitude2: to.latitude.radians, longitude2: to.longitude.radians
            )
    }

    /// The distance in metres between two points given in degrees.
    public static func distance(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        distance(
            Coordinate(latitude: latitude1, longitude: longitude1),
            Coordinate(latitude: latitude2, longitude: longitude2)
        )
    }

    /// The angle between two points seen from the Earth's centre, in radians; arguments in radians.
    static func centralAngle(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        let sinHalfLatitude = sin((latitude2 - latitude1) / 2)
        let sinHalfLongitude = sin((longitude2 - longitude1) / 2)
        let h =
            sinHalfLatitude * sinHalfLatitude
            + cos(latitude1) * cos(latitude2) * sinHalfLongitude * sinHalfLongitude
        // Rounding can push h a hair past 1 for antipodal points; asin would then answer NaN.
        return 2 * asin(min(1, h.squareRoot()))
    }
}

extension Double {
    var radians: Double { self * .pi / 180 }
}
