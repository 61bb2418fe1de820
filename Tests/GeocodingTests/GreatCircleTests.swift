import Testing

@testable import Geocoding

@Suite struct GreatCircleTests {
    /// Reference distances computed independently (spherical law of cosines and published figures).
    @Test(arguments: [
        // Seoul City Hall – Busan City Hall
        (37.5663, 126.9779, 35.1798, 129.0750, 325_000.0),
        // London (Charing Cross) – Paris (Notre-Dame)
        (51.5074, -0.1278, 48.8566, 2.3522, 343_500.0),
        // One degree of longitude on the equator, across the antimeridian
        (0.0, 179.5, 0.0, -179.5, 111_195.0)
    ])
    func knownDistances(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double, _ expected: Double) {
        let distance = GreatCircle.distance(latitude1: lat1, longitude1: lon1, latitude2: lat2, longitude2: lon2)
        #expect(abs(distance - expected) / expected < 0.005)
    }
}
