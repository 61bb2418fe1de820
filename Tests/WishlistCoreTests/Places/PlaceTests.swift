import Foundation
import Testing

@testable import WishlistCore

@Suite struct PlaceTests {
    private let jeonju = Place(name: " Jeonju ", address: "  ", latitude: 35.82, longitude: 127.15, source: .search)

    @Test func validPlaceIsTrimmed() throws {
        let place = try jeonju.validated()
        #expect(place.name == "Jeonju")
        #expect(place.address == nil)
    }

    @Test(arguments: [-90.0, 90.0, 0.0])
    func latitudeBoundsAreInclusive(latitude: Double) throws {
        var place = jeonju
        place.latitude = latitude
        #expect(try place.validated().latitude == latitude)
    }

    @Test(arguments: [-90.0001, 90.0001, .nan, .infinity, -.infinity])
    func latitudeOutOfRangeOrNotFinite(latitude: Double) {
        var place = jeonju
        place.latitude = latitude
        let error = #expect(throws: ValidationError.self) { try place.validated() }
        #expect(error?.code == "place_latitude_out_of_range")
    }

    @Test(arguments: [-180.5, 180.5, .nan, .infinity])
    func longitudeOutOfRangeOrNotFinite(longitude: Double) {
        var place = jeonju
        place.longitude = longitude
        let error = #expect(throws: ValidationError.self) { try place.validated() }
        #expect(error?.code == "place_longitude_out_of_range")
    }

    @Test func placeNameIsOneToTwoHundredCharacters() {
        var place = jeonju
        place.name = "  "
        #expect((#expect(throws: ValidationError.self) { try place.validated() })?.code == "place_name_required")
        place.name = String(repeating: "x", count: 201)
        #expect((#expect(throws: ValidationError.self) { try place.validated() })?.code == "place_name_too_long")
    }

    @Test func unknownSourceDoesNotDecode() {
        let json = #"{"name":"X","address":null,"latitude":1,"longitude":2,"source":"satellite"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Place.self, from: Data(json.utf8)) }
    }
}
