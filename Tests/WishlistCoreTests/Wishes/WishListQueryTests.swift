import Testing

@testable import WishlistCore

@Suite struct WishListQueryTests {
    @Test func defaults() throws {
        let query = try WishListQuery(parameters: [:])
        #expect(query == (try WishListQuery()))
        #expect(query.limit == 24)
        #expect(query.sort == .newest)
        #expect(query.favorite == nil)
    }

    @Test func readsEveryParameter() throws {
        let query = try WishListQuery(parameters: [
            "favorite": "true", "tag": "  Road  Trip ", "sort": "name", "limit": "100", "cursor": "abc"
        ])
        #expect(query.favorite == true)
        #expect(query.tag == "Road Trip")
        #expect(query.sort == .name)
        #expect(query.limit == 100)
        #expect(query.cursor == "abc")
    }

    @Test(arguments: ["0", "101", "-1", "ten", "1e3"])
    func limitOutsideOneToHundredIsRefused(limit: String) {
        let error = #expect(throws: ValidationError.self) { try WishListQuery(parameters: ["limit": limit]) }
        #expect(error?.code == "invalid_limit")
    }

    /// "Near me" pages take the list's limits, checked after the point.
    @Test(arguments: ["0", "101", "ten"])
    func nearQueryTakesTheSameLimit(limit: String) {
        let error = #expect(throws: ValidationError.self) {
            try NearQuery(parameters: ["lat": "37.5", "lng": "127", "limit": limit])
        }
        #expect(error?.code == "invalid_limit")
        let pointFirst = #expect(throws: ValidationError.self) {
            try NearQuery(parameters: ["lat": "91", "lng": "127", "limit": "0"])
        }
        #expect(pointFirst?.code == "invalid_latitude")
    }

    @Test(arguments: ["popular", "NEWEST", ""])
    func unknownSortIsRefused(sort: String) {
        let error = #expect(throws: ValidationError.self) { try WishListQuery(parameters: ["sort": sort]) }
        #expect(error?.code == "invalid_sort")
        #expect(error?.field == "sort")
    }

    @Test func favoriteMustBeABoolean() {
        let error = #expect(throws: ValidationError.self) { try WishListQuery(parameters: ["favorite": "yes"]) }
        #expect(error?.code == "invalid_favorite")
    }

    @Test func searchQueryIsTrimmedAndBounded() throws {
        #expect(try WishSearchResult.normalizedQuery("  여행   가방 ") == "여행 가방")
        #expect((#expect(throws: ValidationError.self) { try WishSearchResult.normalizedQuery("  ") })?.code == "query_required")
        let long = String(repeating: "a", count: 201)
        #expect((#expect(throws: ValidationError.self) { try WishSearchResult.normalizedQuery(long) })?.code == "query_too_long")
    }
}
