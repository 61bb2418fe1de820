/// A wish with how far its place is from where the person stands (`GET /api/v1/wishes/near`, K4).
public struct NearbyWish: Codable, Sendable, Equatable {
    public let wish: Wish
    public let distanceMeters: Double

    /// A wish and how far it is from the point asked about, in metres.
    public init(wish: Wish, distanceMeters: Double) {
        self.wish = wish
        self.distanceMeters = distanceMeters
    }
}

/// The JSON of the synthesized `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension NearbyWish: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("distanceMeters", distanceMeters)
            try json.field("wish", wish)
        }
    }
}
