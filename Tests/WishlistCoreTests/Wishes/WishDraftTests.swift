import Foundation
import Testing

@testable import WishlistCore

@Suite struct WishDraftTests {
    @Test func onlyNameIsRequired() throws {
        let draft = try JSONDecoder().decode(WishDraft.self, from: Data(#"{"name":" Bike "}"#.utf8))
        #expect(draft == WishDraft(name: " Bike "))
        #expect(try draft.validated().name == "Bike")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(WishDraft.self, from: Data("{}".utf8)) }
    }

    @Test func validatedNormalisesEveryField() throws {
        let photo = UUID()
        let draft = WishDraft(
            name: " Tent ", memo: " ", link: " https://example.com ", tags: ["Camp", "camp", " out  door "],
            place: Place(name: " Jirisan ", latitude: 35.3, longitude: 127.7, source: .manual),
            photoIDs: [photo, photo], favorite: true)
        let valid = try draft.validated()
        #expect(
            valid
                == WishDraft(
                    name: "Tent", memo: nil, link: "https://example.com", tags: ["Camp", "out door"],
                    place: Place(name: "Jirisan", latitude: 35.3, longitude: 127.7, source: .manual),
                    photoIDs: [photo], favorite: true))
    }

    @Test func firstBrokenRuleIsReported() {
        let error = #expect(throws: ValidationError.self) {
            try WishDraft(name: "ok", link: "ftp://x.org").validated()
        }
        #expect(error?.field == "link")
    }
}
