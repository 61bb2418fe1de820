import Foundation
import Testing

@testable import WishlistStore

/// The hand-split reading of the `tags` column must agree with `JSONDecoder` on every text.
@Suite struct TagsColumnTests {
    @Test func readsBackWhatItWrites() throws {
        let lists: [[String]] = [
            [], [""], ["bike"], ["선물", "여행 가방", "👩‍👩‍👧", "e\u{301}", "é"], ["a,b", "[x]", "{}", ":", " spaced "],
            ["quote\"", "back\\slash", "a/b", "tab\tnew\nline", "\u{1}\u{1F}\u{7F}", "\u{2028}"], ["", "", ""]
        ]
        for tags in lists {
            let text = try TagsColumn.text(of: tags)
            let read = try #require(TagsColumn.tags(in: text), "\(text)")
            // Element by element on the UTF-8, since strings compare equal across normalization forms.
            #expect(read.map { Array($0.utf8) } == tags.map { Array($0.utf8) }, "\(text)")
        }
    }

    @Test func agreesWithTheDecoderOnTextItDidNotWrite() {
        let texts = [
            #"[]"#, #"[ ]"#, #"[ "a" , "b" ]"#, #"["a""b"]"#, #"["a",]"#, #"[,"a"]"#, #"["a""#, #""a""#, #"[a]"#,
            #"["a"] "#, #"["\u00e9"]"#, #"["\ud83d\ude00"]"#, "[\"raw\ttab\"]", #"["a",1]"#, #"[null]"#, "", "[", #"""#,
            #"["]"#, #"[""]"#, #"["",""]"#
        ]
        for text in texts {
            let decoded = try? JSONDecoder().decode([String].self, from: Data(text.utf8))
            #expect(TagsColumn.tags(in: text) == decoded, "\(text)")
        }
    }
}
