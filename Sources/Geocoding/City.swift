/// One row of the geonames city table, read once and kept in memory. Its region and country,
/// which hundreds of cities share, are kept once (`Region`): as four strings in every city they
/// were most of the table's memory.
struct City: Sendable {
    let geonameID: String
    let name: String
    /// The index of its region in the table's regions (`GeonamesDatabase.Cities`).
    let region: UInt16
    let population: UInt32
    let latitude: Double
    let longitude: Double
}
