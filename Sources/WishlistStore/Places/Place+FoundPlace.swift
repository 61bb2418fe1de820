import Geocoding
import WishlistCore

extension Place {
    /// A place the gazetteer or geocoder found, as a wish's place: its name, with its region and
    /// country as the address. Shared by search's places group and a photo's suggested place.
    public init(_ found: FoundPlace, source: Source) {
        self.init(
            name: found.name, address: [found.admin, found.country].compactMap { $0 }.joined(separator: ", "),
            latitude: found.latitude, longitude: found.longitude, source: source)
    }
}
