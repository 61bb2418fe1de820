import Foundation
import Testing
import WishlistCore

/// Paths are made from the route table's templates, never by hand: every value stays the one
/// segment it fills, and a request the route cannot take is refused before it is sent.
@Suite struct APIRouteTests {
    @Test func fillsParametersAndQuery() throws {
        #expect(try APIRoute.Wishes.list.path() == "/api/v1/wishes")
        #expect(try APIRoute.Wishes.show.path(["id": "0b1e"]) == "/api/v1/wishes/0b1e")
        #expect(APIRoute.Wishes.update.description == "PATCH /api/v1/wishes/{id}")
        #expect(APIRoute.Photos.media.pathParameters == ["id", "size"])
        let query = [URLQueryItem(name: "q", value: "a&b=c+d/?"), URLQueryItem(name: "limit", value: "5")]
        #expect(try APIRoute.Search.search.path(query: query) == "/api/v1/search?q=a%26b%3Dc%2Bd%2F%3F&limit=5")
    }

    @Test func escapesEveryValueIntoItsOneSegment() throws {
        #expect(try APIRoute.Admin.disable.path(["username": "a.b_c-d"]) == "/api/v1/admin/accounts/a.b_c-d/disable")
        #expect(try APIRoute.Gifs.wish.path(["gifId": "x?y#z %"]) == "/api/v1/gifs/x%3Fy%23z%20%25/wish")
        #expect(try APIRoute.Wishes.show.path(["id": "가방"]) == "/api/v1/wishes/%EA%B0%80%EB%B0%A9")
        #expect(try APIRoute.Server.asset.path(["version": "v1", "path": "js/a b.js"]) == "/static/v1/js/a%20b.js")
    }

    @Test func refusesWhatCouldReachAnotherPath() {
        for value in ["", ".", "..", "a/disable", "../../wishes"] {
            #expect(throws: ValidationError.self, "\(value)") { try APIRoute.Admin.enable.path(["username": value]) }
        }
        #expect(throws: ValidationError.self) { try APIRoute.Server.asset.path(["version": "v", "path": "js/../../x"]) }
        #expect(throws: ValidationError.self) { try APIRoute.Wishes.show.path() }
        #expect(throws: ValidationError.self) { try APIRoute.Wishes.list.path(["id": "1"]) }
        #expect(throws: ValidationError.self) {
            try APIRoute.Wishes.show.path(["id": "1"], query: [URLQueryItem(name: "q", value: "x")])
        }
    }
}
