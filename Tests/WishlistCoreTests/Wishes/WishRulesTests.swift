import Foundation
import Testing

@testable import WishlistCore

@Suite struct WishRulesTests {
    @Test func nameIsTrimmed() throws {
        #expect(try WishRules.name("  Red bike \n") == "Red bike")
    }

    @Test(arguments: ["", "   ", "\n\t "])
    func emptyNameAfterTrimmingIsRefused(raw: String) {
        #expect(throws: ValidationError(field: "name", code: "name_required", message: "A wish needs a name.")) {
            try WishRules.name(raw)
        }
    }

    @Test func nameLengthCountsCharactersAsPeopleSeeThem() throws {
        // 200 family emoji are 200 characters but far more scalars and bytes.
        let family = String(repeating: "👨‍👩‍👧", count: 200)
        #expect(try WishRules.name(family) == family)
        #expect(try WishRules.name(String(repeating: "가", count: 200)).count == 200)
        let error = #expect(throws: ValidationError.self) { try WishRules.name(family + "x") }
        #expect(error?.code == "name_too_long")
    }

    @Test func memoLimitAndBlankMemo() throws {
        #expect(try WishRules.memo(nil) == nil)
        #expect(try WishRules.memo("  \n ") == nil)
        #expect(try WishRules.memo("  keep my indent") == "  keep my indent")
        let longest = String(repeating: "m", count: WishRules.memoLimit)
        #expect(try WishRules.memo(longest) == longest)
        let error = #expect(throws: ValidationError.self) { try WishRules.memo(longest + "m") }
        #expect(error?.code == "memo_too_long")
        #expect(error?.field == "memo")
    }

    @Test(arguments: ["https://example.com/p?q=1", "http://shop.example.kr", "HTTPS://EXAMPLE.COM"])
    func webLinksAreAccepted(link: String) throws {
        #expect(try WishRules.link(" \(link) ") == link)
    }

    @Test(arguments: [
        ("javascript:alert(1)", "link_scheme_not_allowed"),
        ("ftp://example.com/file", "link_scheme_not_allowed"),
        ("file:///etc/passwd", "link_scheme_not_allowed"),
        ("data:text/html,hi", "link_scheme_not_allowed"),
        ("https://", "link_invalid"),
        ("http:/nohost", "link_invalid"),
        ("example.com", "link_invalid"),
        ("not a url at all", "link_invalid")
    ])
    func badLinksAreRefused(link: String, code: String) {
        let error = #expect(throws: ValidationError.self) { try WishRules.link(link) }
        #expect(error?.code == code)
        #expect(error?.field == "link")
    }

    @Test func linkLengthLimit() throws {
        let base = "https://example.com/"
        let longest = base + String(repeating: "a", count: WishRules.linkLimit - base.count)
        #expect(try WishRules.link(longest) == longest)
        let error = #expect(throws: ValidationError.self) { try WishRules.link(longest + "a") }
        #expect(error?.code == "link_too_long")
        #expect(try WishRules.link("   ") == nil)
    }

    @Test func photoIDsDropRepeatsAndStopAtTwenty() throws {
        let ids = (0..<20).map { _ in UUID() }
        #expect(try WishRules.photoIDs(ids + ids) == ids)
        let error = #expect(throws: ValidationError.self) { try WishRules.photoIDs(ids + [UUID()]) }
        #expect(error?.code == "too_many_photos")
    }
}
