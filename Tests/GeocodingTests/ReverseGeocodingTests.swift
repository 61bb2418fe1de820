import Testing

@testable import Geocoding

@Suite struct ReverseGeocodingTests {
    let gazetteer = OfflineGazetteer.shared

    @Test func pointInJeonjuNamesJeonju() throws {
        let nearest = try gazetteer.reverse(latitude: 35.82, longitude: 127.15)
        #expect(nearest.place.name == "Jeonju")
        #expect(nearest.distanceMeters < 2_000)
        #expect(
            abs(nearest.distanceMeters - GreatCircle.distance(Coordinate(latitude: 35.82, longitude: 127.15), nearest.place.coordinate))
                < 1e-6)
    }

    @Test func answersInALoadedLanguage() throws {
        try #require(gazetteer.languages.contains("ko"))
        #expect(try gazetteer.reverse(latitude: 35.82, longitude: 127.15, language: "ko").place.name == "전주시")
        #expect(try gazetteer.reverse(latitude: 35.82, longitude: 127.15, language: "xx").place.name == "Jeonju")
    }

    /// The index must agree with the obvious full scan everywhere, including the awkward places.
    @Test(arguments: [
        (35.82, 127.15), (0.0, 0.0), (0.0, 179.99), (0.0, -179.99), (-17.8, 179.9), (-17.8, -179.9),
        (65.0, -179.5), (89.999, 0.0), (90.0, 45.0), (-90.0, 0.0), (-89.5, 120.0), (64.8, -147.7),
        (51.5, -0.12), (-33.9, 151.2), (21.3, -157.8), (-46.4, 168.35), (78.2, 15.6), (-54.8, -68.3)
    ])
    func agreesWithAFullScan(_ latitude: Double, _ longitude: Double) throws {
        let point = Coordinate(latitude: latitude, longitude: longitude)
        let nearest = try gazetteer.reverse(latitude: latitude, longitude: longitude)
        let scanned = try #require(Self.allCities.min { GreatCircle.distance(point, $0) < GreatCircle.distance(point, $1) })
        #expect(abs(nearest.distanceMeters - GreatCircle.distance(point, scanned)) < 0.01)
    }

    @Test func crossesTheAntimeridian() throws {
        // Suva (Fiji, 178.4° E) is nearest to a point just west of the antimeridian's other side.
        let nearest = try gazetteer.reverse(latitude: -18.14, longitude: -179.9)
        #expect(nearest.place.countryCode == "FJ")
        #expect(nearest.distanceMeters < 250_000)
    }

    @Test(arguments: [
        (Double.nan, 0.0), (0.0, Double.nan), (Double.infinity, 0.0), (91.0, 0.0), (-90.5, 0.0),
        (0.0, 180.1), (0.0, -181.0), (1e308, -1e308)
    ])
    func rejectsPointsNotOnEarth(_ latitude: Double, _ longitude: Double) {
        #expect(throws: GeocodingError.self) { try gazetteer.reverse(latitude: latitude, longitude: longitude) }
    }

    static let allCities: [Coordinate] = GeonamesDatabase.loadCities().cities.map {
        Coordinate(latitude: $0.latitude, longitude: $0.longitude)
    }
}
