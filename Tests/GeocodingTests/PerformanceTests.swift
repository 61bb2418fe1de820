import Testing
@testable import Geocoding

/// Times the offline lookups; bounds are loose enough for a debug build on a busy machine
/// and still fail if search degrades into a scan or reverse loses its pruning.
@Suite struct PerformanceTests {
    let gazetteer = OfflineGazetteer.shared

    @Test func loadingTime() {
        let elapsed = ContinuousClock().measure { _ = OfflineGazetteer() }
        print("offline gazetteer load (cities + ko catalog + indexes): \(elapsed)")
        #expect(elapsed < .seconds(5))
    }

    @Test func searchIsFast() {
        // Short prefixes are the worst case: they match the most names.
        let queries = ["s", "a", "seo", "sao", "jeon", "san", "new york", "전", "서울", "paulo", "zzzz", "Москва"]
        let rounds = 200
        for query in queries {
            let elapsed = ContinuousClock().measure {
                for _ in 0..<rounds { _ = gazetteer.search(query, limit: 10) }
            }
            print("search \"\(query)\": \(elapsed / rounds) per query")
            #expect(elapsed / rounds < .milliseconds(20))
        }
    }

    @Test func reverseIsFasterThanAFullScan() throws {
        var random = SplitMix64(seed: 42)
        let points = (0..<2_000).map { _ in
            Coordinate(latitude: random.unit() * 180 - 90, longitude: random.unit() * 360 - 180)
        }
        let clock = ContinuousClock()
        let indexed = try clock.measure {
            for point in points { _ = try gazetteer.reverse(latitude: point.latitude, longitude: point.longitude) }
        }
        let cities = ReverseGeocodingTests.allCities
        let scanned = clock.measure {
            for point in points.prefix(100) {
                _ = cities.min { GreatCircle.distance(point, $0) < GreatCircle.distance(point, $1) }
            }
        }
        print("reverse: \(indexed / points.count) per call indexed, \(scanned / 100) per call full scan")
        #expect(indexed / points.count < scanned / 100)
    }
}

/// A small seeded generator so that the timed points are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
