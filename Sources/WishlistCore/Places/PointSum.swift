/// The count and coordinate sums of points gathered into one cluster, whose centre is their mean.
public struct PointSum: Sendable, Equatable {
    public private(set) var count = 0
    public private(set) var latitude = 0.0
    public private(set) var longitude = 0.0

    /// A sum of no points.
    public init() {}

    /// Adds `count` points whose coordinates add up to `latitude` and `longitude` (one point: its own).
    public mutating func add(count: Int = 1, latitude: Double, longitude: Double) {
        self.count += count
        self.latitude += latitude
        self.longitude += longitude
    }

    /// The cluster at the points' mean position.
    public var cluster: MapMarkers.Cluster {
        MapMarkers.Cluster(latitude: latitude / Double(count), longitude: longitude / Double(count), count: count)
    }
}
