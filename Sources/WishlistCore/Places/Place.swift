/// Where a wish is: a named point on Earth, with where the point came from.
///
/// Stored in plain columns of the wish; validated by ``validated()`` before it is stored.
public struct Place: Codable, Sendable, Hashable {
    /// How the place was chosen; the web app shows a different icon for each.
    public enum Source: String, Codable, Sendable, CaseIterable {
        case search, device, photo, manual
    }

    public var name: String
    public var address: String?
    public var latitude: Double
    public var longitude: Double
    public var source: Source

    public static let nameLimit = Limits.standard.placeName
    public static let addressLimit = Limits.standard.placeAddress

    /// A place by name at a point; `source` says how it was chosen.
    public init(name: String, address: String? = nil, latitude: Double, longitude: Double, source: Source) {
        self.name = name
        self.address = address
        self.latitude = latitude
        self.longitude = longitude
        self.source = source
    }

    /// The place with its name and address trimmed (an empty address becomes `nil`), or the first
    /// rule it breaks: name 1–200 characters, address at most 500, latitude −90…90, longitude −180…180.
    public func validated() throws(ValidationError) -> Place {
        let trimmedName = name.trimmingWhitespace()
        guard !trimmedName.isEmpty else {
            throw ValidationError(field: "place.name", code: "place_name_required", message: "A place needs a name.")
        }
        guard trimmedName.count <= Self.nameLimit else {
            throw ValidationError(
                field: "place.name", code: "place_name_too_long",
                message: "A place name can be at most \(Self.nameLimit) characters long.")
        }
        let trimmedAddress = address?.trimmingWhitespace()
        if let trimmedAddress, trimmedAddress.count > Self.addressLimit {
            throw ValidationError(
                field: "place.address", code: "place_address_too_long",
                message: "A place address can be at most \(Self.addressLimit) characters long.")
        }
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw ValidationError(
                field: "place.latitude", code: "place_latitude_out_of_range",
                message: "A latitude must be a number from -90 to 90.")
        }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw ValidationError(
                field: "place.longitude", code: "place_longitude_out_of_range",
                message: "A longitude must be a number from -180 to 180.")
        }
        return Place(
            name: trimmedName, address: trimmedAddress?.isEmpty == false ? trimmedAddress : nil,
            latitude: latitude, longitude: longitude, source: source)
    }

    private enum CodingKeys: String, CodingKey {
        case name, address, latitude, longitude, source
    }

    /// Writes `address` as `null` when absent, as the API document (openapi.json) shows it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(address, forKey: .address)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(source, forKey: .source)
    }
}

/// The JSON of `encode(to:)`, written by `JSONWriter` with the keys in sorted order.
extension Place: JSONWritable {
    public func write(to json: inout JSONWriter) throws {
        try json.object { json in
            try json.field("address", address)
            try json.field("latitude", latitude)
            try json.field("longitude", longitude)
            try json.field("name", name)
            try json.field("source", source)
        }
    }
}

extension Place.Source: JSONWritable {
    public func write(to json: inout JSONWriter) { json.string(rawValue) }
}
