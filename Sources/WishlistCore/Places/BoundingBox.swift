/// A box on the map, `minLng,minLat,maxLng,maxLat` as the API takes it. A box whose west edge is
/// east of its east edge (`minLongitude > maxLongitude`) crosses the antimeridian.
public struct BoundingBox: Sendable, Hashable {
    public let minLongitude: Double
    public let minLatitude: Double
    public let maxLongitude: Double
    public let maxLatitude: Double

    /// A box by its edges in degrees; a `minLongitude` east of `maxLongitude` crosses the antimeridian.
    /// Throws when a latitude or longitude is out of range or the south edge is north of the north one.
    public init(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double)
        throws(ValidationError)
    {
        guard [minLongitude, minLatitude, maxLongitude, maxLatitude].allSatisfy(\.isFinite),
            (-180...180).contains(minLongitude), (-180...180).contains(maxLongitude),
            (-90...90).contains(minLatitude), (-90...90).contains(maxLatitude)
        else {
            throw Self.invalid("Longitudes must be from -180 to 180 and latitudes from -90 to 90.")
        }
        guard minLatitude <= maxLatitude else {
            throw Self.invalid("The south edge (minLat) must not be north of the north edge (maxLat).")
        }
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    /// Reads `minLng,minLat,maxLng,maxLat`.
    public init(parameter: String?) throws(ValidationError) {
        guard let parameter else { throw Self.invalid("A bbox is needed: minLng,minLat,maxLng,maxLat.") }
        let parts = parameter.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, numbers.count == 4 else {
            throw Self.invalid("A bbox is four numbers: minLng,minLat,maxLng,maxLat.")
        }
        try self.init(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
    }

    public var crossesAntimeridian: Bool { minLongitude > maxLongitude }

    /// The box as one or two boxes that do not cross the antimeridian.
    public var parts: [BoundingBox] {
        guard crossesAntimeridian else { return [self] }
        return [
            BoundingBox(unchecked: minLongitude, minLatitude, 180, maxLatitude),
            BoundingBox(unchecked: -180, minLatitude, maxLongitude, maxLatitude)
        ]
    }

    /// Its width in degrees of longitude, across the antimeridian when it crosses it.
    public var longitudeSpan: Double {
        crossesAntimeridian ? 360 - minLongitude + maxLongitude : maxLongitude - minLongitude
    }

    /// Whether the point is inside the box, edges included.
    public func contains(latitude: Double, longitude: Double) -> Bool {
        guard (minLatitude...maxLatitude).contains(latitude) else { return false }
        return crossesAntimeridian
            ? longitude >= minLongitude || longitude <= maxLongitude
            : (minLongitude...maxLongitude).contains(longitude)
    }

    /// For edges already known to be in range (e.g. computed from ones that were).
    init(unchecked minLongitude: Double, _ minLatitude: Double, _ maxLongitude: Double, _ maxLatitude: Double) {
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    private static func invalid(_ message: String) -> ValidationError {
        ValidationError(field: "bbox", code: "invalid_bbox", message: message)
    }
}
