/// A country's first-level region (a state, a province, a do) as geonames names it, with its country.
struct Region: Sendable, Hashable {
    let adminCode: String
    let admin: String
    /// ISO 3166-1 alpha-2, upper case.
    let countryCode: String
    let country: String
}
