import Foundation

/// One place as Nominatim (and compatible servers such as Photon's Nominatim mode) answer it in
/// `format=jsonv2` with `addressdetails=1`. Coordinates arrive as strings.
struct NominatimPlace: Decodable {
    struct Address: Decodable {
        let state: String?
        let province: String?
        let region: String?
        let country: String?
        let countryCode: String?

        enum CodingKeys: String, CodingKey {
            case state, province, region, country
            case countryCode = "country_code"
        }
    }

    let lat: String
    let lon: String
    let name: String?
    let displayName: String?
    let address: Address?

    enum CodingKeys: String, CodingKey {
        case lat, lon, name, address
        case displayName = "display_name"
    }

    /// The answer as a `FoundPlace`; nil when it has no usable name or no valid coordinates.
    var place: FoundPlace? {
        guard let latitude = Double(lat), let longitude = Double(lon),
            Coordinate(latitude: latitude, longitude: longitude).isValid
        else { return nil }
        // Unnamed results (an address, a road) are known by the first part of their display name.
        let label = [name, displayName?.split(separator: ",").first.map(String.init)]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
        guard let label else { return nil }
        return FoundPlace(
            name: String(label.prefix(200)),
            admin: address?.state ?? address?.province ?? address?.region,
            country: address?.country ?? "",
            countryCode: address?.countryCode?.uppercased() ?? "",
            latitude: latitude,
            longitude: longitude,
            population: nil
        )
    }
}
