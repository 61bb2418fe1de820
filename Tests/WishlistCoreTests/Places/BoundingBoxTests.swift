import Testing
import WishlistCore

@Suite struct BoundingBoxTests {
    @Test func readsFourNumbersWithSpaces() throws {
        let box = try BoundingBox(parameter: " 126.9, 37.4 ,127.1,37.7")
        #expect([box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude] == [126.9, 37.4, 127.1, 37.7])
        #expect(!box.crossesAntimeridian)
    }

    /// Exactly four numbers: one too few, one too many (even an empty fifth), or one not a number.
    @Test(arguments: [nil, "", "1,2,3", "1,2,3,4,5", "1,2,3,4,", ",1,2,3,4", "1,,2,3", "a,b,c,d", "0,50,10,40", "181,0,182,1"])
    func refusesAnythingElse(_ parameter: String?) {
        #expect(throws: ValidationError.self) { try BoundingBox(parameter: parameter) }
    }

    @Test func boxAcrossTheAntimeridianIsTwoParts() throws {
        let box = try BoundingBox(parameter: "170,-10,-170,10")
        #expect(box.crossesAntimeridian)
        #expect(box.longitudeSpan == 20)
        #expect(box.parts.map(\.minLongitude) == [170, -180])
        #expect(box.parts.map(\.maxLongitude) == [180, -170])
        #expect(box.contains(latitude: 0, longitude: 179) && box.contains(latitude: 0, longitude: -179))
        #expect(!box.contains(latitude: 0, longitude: 0))
    }
}
