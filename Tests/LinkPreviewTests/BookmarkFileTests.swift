import Foundation
import LinkPreview
import Testing

/// Bookmark files as Firefox and Chrome export them (`Fixtures/`), and hostile ones.
@Suite struct BookmarkFileTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func read(_ html: String, limit: Int = 1000) throws -> [Bookmark] {
        try BookmarkFile.bookmarks(in: Array(html.utf8), limit: limit)
    }

    @Test func firefoxExportKeepsFoldersTagsDescriptionsAndDates() throws {
        let bookmarks = try BookmarkFile.bookmarks(in: try Self.fixture("firefox-bookmarks.html"), limit: 100)
        #expect(
            bookmarks.map(\.title) == [
                "Get Help", "Customize Firefox", "무신사 | 롱 패딩 코트 블랙", "Air fryer 5.5L", "교보문고 — 소년이 온다",
                "Show title", "Most Visited", "My old list", "TERTIAL Work lamp & shade"
            ])
        #expect(bookmarks[0].folders == ["Mozilla Firefox"])
        let coat = bookmarks[2]
        #expect(coat.link == "https://www.musinsa.com/products/3912345")
        #expect(coat.folders == [])
        #expect(coat.tags == ["clothes", "winter"])
        #expect(coat.description == "Size M, black & warm — wait for the winter sale")
        #expect(coat.addedAt == Date(timeIntervalSince1970: 1_712_345_678))
        // The toolbar is the browser's own folder, not a tag; its description describes no bookmark.
        #expect(bookmarks[3].folders == [])
        #expect(bookmarks[3].description == nil)
        #expect(bookmarks[4].folders == ["Gifts"])
        #expect(bookmarks[4].description == "엄마 생일 선물")
        #expect(bookmarks[5].link.hasPrefix("javascript:"))
        #expect(bookmarks[5].description == nil)
        #expect(bookmarks[6].link == "place:sort=8&maxResults=10")
        #expect(bookmarks[7].link == "file:///home/minji/wishlist.txt")
        #expect(bookmarks[8].folders == [])
        #expect(bookmarks[8].tags == ["home", "desk"])
    }

    @Test func chromeExportNestsFoldersOutermostFirst() throws {
        let bookmarks = try BookmarkFile.bookmarks(in: try Self.fixture("chrome-bookmarks.html"), limit: 100)
        #expect(
            bookmarks.map(\.folders) == [
                [], ["Wishlist"], ["Wishlist", "Camping"], ["Wishlist", "Camping"], [], ["Other bookmarks"]
            ])
        #expect(bookmarks[1].title == "iPhone 16 구입하기 - Apple (KR)")
        #expect(bookmarks[3].link == "http://shop.example.kr/tent?id=9&color=green")
        #expect(bookmarks[4].link == "data:text/html,<script>alert(1)</script>")
        #expect(bookmarks.allSatisfy { $0.tags.isEmpty && $0.description == nil && $0.addedAt != nil })
    }

    @Test func aListInsideTheHeadingsItemIsThatFoldersList() throws {
        // Some tools close each <DT> themselves, so the folder's <DL> sits inside its item.
        let bookmarks = try Self.read(
            """
            <DL><DT><H3>Outer</H3><DL><DT><H3>Inner</H3><DL><DT><A HREF="https://a.example/">A</A></DT></DL></DT>
            <DT><A HREF="https://b.example/">B</A></DT></DL></DT><DT><A HREF="https://c.example/">C</A></DT></DL>
            """)
        #expect(bookmarks.map(\.folders) == [["Outer", "Inner"], ["Outer"], []])
    }

    @Test func aHeadingWithoutListTagsNothing() throws {
        let bookmarks = try Self.read(#"<DL><DT><H3>Empty</H3><DT><A HREF="https://a.example/">A</A></DL>"#)
        #expect(bookmarks.map(\.folders) == [[]])
    }

    @Test func titlesAndDatesAreReadAsWritten() throws {
        let bookmarks = try Self.read(
            """
            <DL><DT><A HREF="  https://a.example/x  " ADD_DATE="1712345678901">  Two\n   lines  </A>
            <DT><A HREF="https://b.example/" ADD_DATE="1712345678901234"></A>
            <DT><A HREF="https://c.example/" ADD_DATE="yesterday" TAGS=" , a ,,b ">C</A></DL>
            """)
        #expect(bookmarks[0].title == "Two lines")
        #expect(bookmarks[0].link == "https://a.example/x")
        #expect(bookmarks[0].addedAt == Date(timeIntervalSince1970: 1_712_345_678.901))
        #expect(bookmarks[1].title == "")
        #expect(abs(bookmarks[1].addedAt!.timeIntervalSince1970 - 1_712_345_678.901234) < 0.001)
        #expect(bookmarks[2].addedAt == nil)
        #expect(bookmarks[2].tags == ["a", "b"])
    }

    @Test func linksOutsideAListAndAnchorsWithoutHrefAreNoBookmarks() throws {
        let bookmarks = try Self.read(
            #"<p><a href="https://out.example/">Out</a></p><DL><DT><A NAME="x">No link</A><DT><A HREF="https://in.example/">In</A></DL>"#)
        #expect(bookmarks.map(\.link) == ["https://in.example/"])
    }

    @Test func aFileWithoutAListIsNoBookmarkFile() {
        for text in ["", "just text", "<html><body><a href='https://a.example/'>a</a></body></html>", "\u{0}\u{1}\u{2}"] {
            #expect(throws: BookmarkFileError.notBookmarkFile) { try Self.read(text) }
        }
    }

    @Test func moreLinksThanTheLimitAreRefused() throws {
        let html = "<DL>" + (1...11).map { #"<DT><A HREF="https://a.example/\#($0)">\#($0)</A>"# }.joined() + "</DL>"
        #expect(throws: BookmarkFileError.tooManyBookmarks(limit: 10)) { try Self.read(html, limit: 10) }
        #expect(try Self.read(html, limit: 11).count == 11)
    }

    @Test func brokenMarkupIsRepairedNotRefused() throws {
        // libxml2 nests the second link and its description inside the first, and the list inside
        // the unclosed heading; each ends where the next item begins, as in a browser.
        let bookmarks = try Self.read(
            """
            <DL><p><DT><H3>Shop<DL><DT><A HREF="https://a.example/">A<DT><A HREF=https://b.example/ >B</b></i>
            <DD>memo <b>bold</b> end</DL></DL></DL></DL><DT><A HREF="https://after.example/">After every list closed
            """)
        #expect(bookmarks.map(\.link) == ["https://a.example/", "https://b.example/"])
        #expect(bookmarks.map(\.title) == ["A", "B"])
        #expect(bookmarks.map(\.folders) == [["Shop"], ["Shop"]])
        #expect(bookmarks[1].description == "memo bold end")
    }

    @Test func hostileTextStaysText() throws {
        let bookmarks = try Self.read(
            """
            <DL><DT><H3>&lt;script&gt;x&lt;/script&gt;</H3><DL><DT><A HREF="https://a.example/" TAGS="&quot;&gt;,&#0;">&lt;img src=x onerror=alert(1)&gt;<script>alert(2)</script></A>
            <DD>\u{202E}reversed &#x1F600; &#55296;</DL></DL>
            """)
        #expect(bookmarks.count == 1)
        #expect(bookmarks[0].folders == ["<script>x</script>"])
        #expect(bookmarks[0].title.hasPrefix("<img src=x onerror=alert(1)>"))
        #expect(bookmarks[0].description?.contains("reversed 😀") == true)
    }

    @Test func deepFoldersAreReadWithoutExhaustingTheStack() throws {
        let depth = 20_000
        let html =
            String(repeating: "<DL><DT><H3>f</H3>", count: depth) + #"<DT><A HREF="https://deep.example/">Deep</A>"#
            + String(repeating: "</DL>", count: depth)
        let bookmarks = try Self.read(html)
        #expect(bookmarks.map(\.link) == ["https://deep.example/"])
        #expect(bookmarks.first?.folders.count == depth - 1, "the outermost list is in no folder")
    }

    @Test func nestingNoRealFileHasIsRefused() {
        let html = "<DL>" + String(repeating: "<b>", count: 150_000) + #"<DT><A HREF="https://a.example/">A</A>"#
        #expect(throws: BookmarkFileError.notBookmarkFile) { try Self.read(html) }
    }

    @Test func endTagsThatCloseNothingCannotMakeTheParseQuadratic() {
        // libxml2 looks through every open element for each: 90,000 × 90,000 searches unless stopped.
        let html = "<DL>" + String(repeating: "<b>", count: 90_000) + String(repeating: "</i>", count: 90_000)
        #expect(throws: BookmarkFileError.notBookmarkFile) { try Self.read(html) }
    }

    @Test func aHugeFileIsReadWithinTheLimit() throws {
        let item =
            #"<DT><A HREF="https://shop.example/p/%d" ADD_DATE="1700000000" ICON="data:image/png;base64,\#(String(repeating: "A", count: 1500))">상품 %d</A>"#
        let html = "<DL>" + (1...5000).map { item.replacingOccurrences(of: "%d", with: String($0)) }.joined(separator: "\n") + "</DL>"
        let bookmarks = try Self.read(html, limit: 5000)
        #expect(bookmarks.count == 5000)
        #expect(bookmarks.last?.title == "상품 5000")
    }

    @Test func koreanInALegacyEncodingIsReadByItsMeta() throws {
        // "선물" in EUC-KR, declared the way old Internet Explorer exports did.
        let bytes =
            Array(#"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=euc-kr"><DL><DT><A HREF="https://a.example/">"#.utf8)
            + [0xBC, 0xB1, 0xB9, 0xB0] + Array("</A></DL>".utf8)
        #expect(try BookmarkFile.bookmarks(in: bytes, limit: 10).map(\.title) == ["선물"])
    }
}
