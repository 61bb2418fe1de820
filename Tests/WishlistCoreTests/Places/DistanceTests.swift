import Testing
import WishlistCore

@Suite struct DistanceTests {
    @Test(arguments: [
        (0.0, "0 m"), (849.6, "850 m"), (999.4, "999 m"), (999.6, "1 km"), (1000, "1 km"), (1049, "1 km"),
        (1050, "1.1 km"), (1500, "1.5 km"), (9940, "9.9 km"), (9960, "10 km"), (12_400, "12 km")
    ])
    func readsAsPeopleSayIt(meters: Double, expected: String) {
        #expect(Distance.text(meters: meters) == expected)
    }
}
