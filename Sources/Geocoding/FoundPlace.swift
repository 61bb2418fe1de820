/// A named place: a city from the offline gazetteer or an answer of the online geocoder.
///
/// Encodes to the HTTP contract's place-search item:
/// `{name, admin, country, countryCode, latitude, longitude, population}`.
public struct FoundPlace: Sendable, Hashable, Codable {
    public var name: String
    /// The region (state, province, do) the place lies in, when known.
    public var admin: String?
    public var country: String
    /// ISO 3166-1 alpha-2, upper case; empty when the source did not say.
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double
    /// Inhabitants, when the source knows them (the online geocoder usually does not).
    public var population: Int?

    public init(
        name: String, admin: String?, country: String, countryCode: String,
        latitude: Double, longitude: Double, population: Int?
    ) {
        self.name = name
        self.admin = admin
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
