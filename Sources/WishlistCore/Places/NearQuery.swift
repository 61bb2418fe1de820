/// The parameters of `GET /api/v1/wishes/near`: a point, a page size and the cursor of the page before.
public struct NearQuery: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double
    public let limit: Int
    public var cursor: String?

    /// A query around a point; throws when the point or `limit` is out of range.
    public init(latitude: Double, longitude: Double, limit: Int = WishListQuery.defaultLimit, cursor: String? = nil)
        throws(ValidationError)
    {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw ValidationError(field: "lat", code: "invalid_latitude", message: "lat must be a number from -90 to 90.")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw ValidationError(field: "lng", code: "invalid_longitude", message: "lng must be a number from -180 to 180.")
        }
        self.limit = try WishListQuery.checkedLimit(limit)
        self.latitude = latitude
        self.longitude = longitude
        self.cursor = cursor.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The query from an endpoint's parameters `lat`, `lng`, `limit` and `cursor`.
    public init(parameters: [String: String]) throws(ValidationError) {
        func number(_ name: String) throws(ValidationError) -> Double {
            guard let text = parameters[name], let value = Double(text) else {
                throw ValidationError(
                    field: name, code: "invalid_\(name == "lat" ? "latitude" : "longitude")",
                    message: "\(name) must be a number.")
            }
            return value
        }
        try self.init(
            latitude: number("lat"), longitude: number("lng"), limit: WishListQuery.limit(parameter: parameters["limit"]),
            cursor: parameters["cursor"])
    }
}
