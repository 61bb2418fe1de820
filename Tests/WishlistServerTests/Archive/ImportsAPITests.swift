import Foundation
import Synchronization
import TestSupport
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer

/// `POST /api/v1/import/bookmarks` and `POST /api/v1/import/csv`: moving in from other apps.
@Suite struct ImportsAPITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../LinkPreviewTests/Fixtures").standardizedFileURL

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    static func allWishes(_ client: WishlistClient) async throws -> [Wish] {
        try await client.wishes(WishListQuery(limit: 100)).items
    }

    @Test func aFirefoxBookmarkFileBecomesWishesWithFolderTags() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let report = try await alice.importBookmarks(try Self.fixture("firefox-bookmarks.html"))
        #expect(report.imported == ["wishes": 6])
        #expect(report.skipped == [:])
        #expect(report.refused.map(\.item) == ["Show title", "Most Visited", "My old list"])
        #expect(report.refused.allSatisfy { $0.reason == "A link must start with http:// or https://." })
        let wishes = try await Self.allWishes(alice)
        #expect(wishes.count == 6)
        let book = try #require(wishes.first { $0.name == "교보문고 — 소년이 온다" })
        #expect(book.tags == ["Gifts"])
        #expect(book.memo == "엄마 생일 선물")
        #expect(book.link == "https://product.kyobobook.co.kr/detail/S000001234567")
        #expect(book.createdAt == Date(timeIntervalSince1970: 1_710_000_500))
        #expect(wishes.first { $0.name == "Get Help" }?.tags == ["Mozilla Firefox"])
        #expect(wishes.first { $0.name == "TERTIAL Work lamp & shade" }?.tags == ["home", "desk"])

        let again = try await alice.importBookmarks(try Self.fixture("firefox-bookmarks.html"))
        #expect(again.imported == [:])
        #expect(again.skipped == ["wishes": 6])
        #expect(try await Self.allWishes(alice).count == 6)
    }

    @Test func aChromeBookmarkFileKeepsNestedFolders() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let report = try await alice.importBookmarks(try Self.fixture("chrome-bookmarks.html"))
        #expect(report.imported == ["wishes": 5])
        #expect(report.refused.map(\.item) == ["Scratch pad"])
        let mug = try #require(try await Self.allWishes(alice).first { $0.name == "Snow Peak titanium mug 450" })
        #expect(mug.tags == ["Wishlist", "Camping"])
        #expect(try await alice.tags().map(\.name).sorted() == ["Camping", "Other bookmarks", "Wishlist"])
    }

    @Test func aCSVBecomesWishesAndItsProblemsAreReported() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let csv = """
            name,link,tags,memo,price,colour\r
            Desk lamp,https://shop.example/lamp,"home; desk",for the study,"₩39,000",black\r
            캠핑 의자,,캠핑,,12.50 USD,\r
            Bad link,javascript:alert(1),,,,\r
            Desk lamp again,https://shop.example/lamp,,,,\r
            """
        let report = try await alice.importCSV(Data(csv.utf8))
        #expect(report.imported == ["wishes": 2])
        #expect(report.skipped == ["wishes": 1])
        #expect(report.refused.map(\.item) == ["Column \"colour\"", "Row 4: Bad link"])
        let lamp = try #require(try await Self.allWishes(alice).first { $0.name == "Desk lamp" })
        #expect(lamp.tags == ["home", "desk"])
        #expect(lamp.memo == "for the study")
        #expect(lamp.price?.amount == 39000)
        #expect(lamp.price?.currency == "KRW")
    }

    @Test func signedOutIsRefused() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        for path in ["/api/v1/import/bookmarks", "/api/v1/import/csv"] {
            let answer = try await server.client().send("POST", path, body: Data("name\nx\n".utf8), contentType: "text/csv")
            #expect(answer.status == 401)
        }
    }

    @Test func theWrongKindOfFileIsRefusedAndNothingIsStored() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let html = try Self.fixture("chrome-bookmarks.html")
        for (path, type) in [
            ("/api/v1/import/bookmarks", "text/csv"), ("/api/v1/import/csv", "text/html"), ("/api/v1/import/csv", "application/json")
        ] {
            let answer = try await alice.send("POST", path, body: html, contentType: type)
            #expect(answer.status == 415, "\(path) as \(type)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("unsupported_media_type"))
        }
        await expectServerError(422, "not_bookmark_file") { _ = try await alice.importBookmarks(Data("name,link\nx,y\n".utf8)) }
        await expectServerError(422, "not_bookmark_file") { _ = try await alice.importBookmarks(Data()) }
        await expectServerError(422, "csv_header_missing") { _ = try await alice.importCSV(html) }
        await expectServerError(422, "csv_not_utf8") { _ = try await alice.importCSV(Data([0x6E, 0x61, 0x6D, 0x65, 0x0A, 0xFF, 0xFE])) }
        #expect(try await Self.allWishes(alice).isEmpty)
    }

    @Test func hugeFilesAreRefusedWith413() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let tooBig = Data(count: ImportsController.maximumFileBytes + 1)
        await expectServerError(413, "content_too_large") { _ = try await alice.importCSV(tooBig) }
        let manyRows = "name\n" + (0...ImportedWish.limit).map { "w\($0)" }.joined(separator: "\n")
        await expectServerError(413, "too_many_items") { _ = try await alice.importCSV(Data(manyRows.utf8)) }
        let manyLinks = "<DL>" + (0...ImportedWish.limit).map { #"<DT><A HREF="https://a.example/\#($0)">\#($0)</A>"# }.joined() + "</DL>"
        await expectServerError(413, "too_many_items") { _ = try await alice.importBookmarks(Data(manyLinks.utf8)) }
        #expect(try await Self.allWishes(alice).isEmpty)
    }

    @Test func anotherAccountNeverSeesTheImportedWishes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        _ = try await alice.importBookmarks(try Self.fixture("firefox-bookmarks.html"))
        #expect(try await Self.allWishes(bob).isEmpty)
        #expect(try await bob.tags().isEmpty)
        let search = try await bob.search("교보문고")
        #expect(search.byName.isEmpty && search.byTag.isEmpty && search.byText.isEmpty)
        // Bob's own import of the same file is his: nothing of Alice's counts as a duplicate.
        #expect(try await bob.importBookmarks(try Self.fixture("firefox-bookmarks.html")).imported == ["wishes": 6])
        #expect(try await Self.allWishes(alice).count == 6)
    }

    @Test func importsAreRateLimited() async throws {
        let server = try TestServer { $0.rateLimits = [.imports: 1] }
        let alice = try await server.signedInAdmin()
        _ = try await alice.importCSV(Data("name\nMug\n".utf8))
        await expectServerError(429, "rate_limited") { _ = try await alice.importCSV(Data("name\nCup\n".utf8)) }
    }

    @Test func importedLinksGetTheirPreviewInTheBackground() async throws {
        let shop = try LoopbackHTTPServer { request in
            request.path == "/bag.jpg"
                ? .answer(status: 200, headers: ["Content-Type": "image/gif"], body: [UInt8](Data(base64Encoded: Animations.stillGIF)!))
                : .html(LinksAPITests.shopPage(price: "89,000"))
        }
        defer { shop.stop() }
        let server = try TestServer { $0.allowPrivateAddresses = true }
        let alice = try await server.signedInAdmin()
        let link = shop.url("/items/1").absoluteString
        let report = try await alice.importCSV(Data("name,link\nTravel bag,\(link)\n".utf8))
        #expect(report.imported == ["wishes": 1])
        // Generous: the visit runs on a thread of its own and awaits the page on Swift's cooperative
        // pool, which a loaded machine running the whole suite shares with every other test.
        let deadline = Date().addingTimeInterval(90)
        var wish = try #require(try await Self.allWishes(alice).first)
        while wish.price == nil || wish.photos.isEmpty, Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            wish = try await alice.wish(wish.id)
        }
        #expect(wish.price?.amount == 89000)
        #expect(wish.photos.count == 1)
        #expect(wish.name == "Travel bag", "the name the person gave is kept")
    }

    @Test func stoppingTheServerGivesUpAVisitInProgress() async throws {
        let shop = try LoopbackHTTPServer { _ in .stall }
        defer { shop.stop() }
        let logged = Mutex<[String]>([])
        let server = try TestServer {
            $0.allowPrivateAddresses = true
            $0.logger = { line in logged.withLock { $0.append(line) } }
        }
        let alice = try await server.signedInAdmin()
        _ = try await alice.importCSV(Data("name,link\nTravel bag,\(shop.url("/items/1").absoluteString)\n".utf8))
        let deadline = Date().addingTimeInterval(90)
        while shop.connectionCount == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(shop.connectionCount == 1, "the visit did not reach the page")

        try server.application.stop()
        // libcurl gave the page up, not its 10 s timeout: timed on the shop's own thread, which no
        // busy task pool delays.
        let stalled = try #require(shop.firstStallDuration())
        #expect(stalled < .seconds(5))
        // The visit then ends with the cancellation. (On a loaded machine that can take longer
        // than stop's grace period, since the visit needs a thread of Swift's task pool to end.)
        let cancelled = { logged.withLock { $0.contains { $0.contains("imported link") && $0.contains("cancelled") } } }
        while !cancelled(), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(cancelled(), "\(logged.withLock { $0 })")
    }
}
