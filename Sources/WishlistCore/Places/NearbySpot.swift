/// A spot with how far it is from where the person stands (`GET /api/v1/spots/near`, K4): the
/// spot's members and `distanceMeters` in one object.
public struct NearbySpot: Codable, Sendable, Hashable {
    public var spot: Spot
    public var distanceMeters: Double

    /// A spot and how far it is from the point asked about, in metres.
    public init(spot: Spot, distanceMeters: Double) {
        self.spot = spot
        self.distanceMeters = distanceMeters
    }

    private enum CodingKeys: String, CodingKey { case distanceMeters }

    public init(from decoder: any Decoder) throws {
        spot = try Spot(from: decoder)
        distanceMeters = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .distanceMeters)
    }

    public func encode(to encoder: any Encoder) throws {
        try spot.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(distanceMeters, forKey: .distanceMeters)
    }
}

extension NearbySpot: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in try spot.writeFields(to: &json, distanceMeters: distanceMeters) }
    }
}
