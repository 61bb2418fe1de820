/// One row of the geonames city table, read once and kept in memory.
struct City: Sendable {
    let geonameID: String
    let name: String
    let adminCode: String
    let admin: String
    let countryCode: String
    let country: String
    let population: Int
    let latitude: Double
    let longitude: Double
}
