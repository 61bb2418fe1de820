/// The answer of a reverse lookup: the nearest known place and how far away it is.
public struct NearestPlace: Sendable, Hashable {
    public var place: FoundPlace
    /// Great-circle distance from the asked point to the place, in metres.
    public var distanceMeters: Double

    public init(place: FoundPlace, distanceMeters: Double) {
        self.place = place
        self.distanceMeters = distanceMeters
    }
}
