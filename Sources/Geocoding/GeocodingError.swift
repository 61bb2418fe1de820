/// What can go wrong when asking the geocoding library something.
public enum GeocodingError: Error, Sendable, Equatable {
    /// Not a point on Earth: NaN, infinite, or out of −90…90 / −180…180.
    case invalidCoordinate(latitude: Double, longitude: Double)
    /// The online geocoder's base URL is not an absolute http(s) URL.
    case invalidBaseURL(String)
    /// A gettext catalog file is truncated or not a catalog at all.
    case invalidCatalog(String)
}
