import Foundation
import Testing

@testable import WishlistCore

@Suite struct WishPatchTests {
    private let wish = Wish(
        id: UUID(), name: "Bike", memo: "old memo", link: "https://a.example", tags: ["a"],
        place: Place(name: "Seoul", latitude: 37.5, longitude: 127, source: .search),
        createdAt: Date(millisecondsSince1970: 0), updatedAt: Date(millisecondsSince1970: 0), version: 1)

    private func decode(_ json: String) throws -> WishPatch {
        try JSONDecoder().decode(WishPatch.self, from: Data(json.utf8))
    }

    @Test func absentKeysKeepAndNullClears() throws {
        let patch = try decode(#"{"memo":null,"place":null}"#)
        #expect(patch.memo == .clear)
        #expect(patch.place == .clear)
        #expect(patch.link == .keep)
        #expect(patch.name == nil)
        let result = try patch.applied(to: wish)
        #expect(result.memo == nil)
        #expect(result.place == nil)
        #expect(result.link == wish.link)
        #expect(result.name == wish.name)
    }

    @Test func emptyObjectChangesNothing() throws {
        let patch = try decode("{}")
        #expect(patch == WishPatch())
        #expect(try patch.applied(to: wish) == wish)
    }

    @Test func valuesAreValidatedLikeANewWish() throws {
        let patch = try decode(#"{"name":"  Road bike ","tags":["X","x"," y "],"favorite":true,"link":"http://b.example"}"#)
        let result = try patch.applied(to: wish)
        #expect(result.name == "Road bike")
        #expect(result.tags == ["X", "y"])
        #expect(result.favorite)
        #expect(result.link == "http://b.example")
        #expect(throws: ValidationError.self) { try decode(#"{"name":"   "}"#).applied(to: wish) }
        #expect(throws: ValidationError.self) { try decode(#"{"link":"javascript:x"}"#).applied(to: wish) }
    }

    @Test func encodingKeepsAbsentAndNullApart() throws {
        let patch = WishPatch(memo: .clear, link: .set("https://c.example"))
        let data = try JSONEncoder().encode(patch)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["memo", "link"])
        #expect(json["memo"] is NSNull)
        #expect(try JSONDecoder().decode(WishPatch.self, from: data) == patch)
    }
}
