/// A point on Earth in decimal degrees (WGS 84): north and east positive.
public struct GeoCoordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
