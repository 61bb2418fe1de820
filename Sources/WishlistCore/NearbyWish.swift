/// A wish with how far its place is from where the person stands (`GET /api/v1/wishes/near`, K4).
public struct NearbyWish: Codable, Sendable, Equatable {
    public let wish: Wish
    public let distanceMeters: Double

    public init(wish: Wish, distanceMeters: Double) {
        self.wish = wish
        self.distanceMeters = distanceMeters
    }
}
