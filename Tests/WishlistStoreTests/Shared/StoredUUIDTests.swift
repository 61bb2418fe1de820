import Foundation
import Testing

@testable import WishlistStore

/// `UUID(storedText:)` reads ids by hand; it must agree with Foundation's parser.
@Suite struct StoredUUIDTests {
    @Test func readsLowerAndUpperCase() throws {
        let ids =
            (0..<200).map { _ in UUID() }
            + [
                UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
            ]
        for id in ids {
            #expect(try UUID(storedText: id.lowercasedString) == id)
            #expect(try UUID(storedText: id.uuidString) == id)
        }
    }

    /// Stricter than Foundation, which lets `sscanf` skip a leading space: the store writes exactly one form.
    @Test func refusesAnythingButTheHyphenatedFormAsCorrupt() {
        let id = "0e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b11"
        let bad = [
            "", "0e5c1f5a", id + "0", String(id.dropLast()), id.replacingOccurrences(of: "-", with: ""),
            "0e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b1g", "0e5c1f5a_2a51-4f7b-9c07-6f3b1d0c2b11",
            "0e5c1f5a-2a514-f7b-9c07-6f3b1d0c2b11", " e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b11", "가e5c1f5a-2a51-4f7b-9c07-6f3b1d0c2b"
        ]
        for text in bad {
            #expect(throws: StoreError.corruptValue(text)) { try UUID(storedText: text) }
        }
    }
}
