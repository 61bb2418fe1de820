import Foundation
import Synchronization
import TestSupport
import Testing
import WishlistClient
import WishlistCore

/// `POST /api/v1/link-previews`, `…/link-previews/photo` and `POST /api/v1/wishes/{id}/link/refresh`, against shop pages
/// served on loopback (the server under test lets previews reach private addresses).
@Suite struct LinksAPITests {
    static func shopPage(price: String, image: String = "/bag.jpg") -> String {
        """
        <!doctype html><html lang="ko"><head><meta charset="utf-8"><title>여행 가방 | Shop</title>
        <meta property="og:title" content="여행 가방"><meta property="og:image" content="\(image)">
        <meta property="og:site_name" content="Shop"><meta name="description" content="Goes everywhere.">
        <script type="application/ld+json">{"@type":"Product","offers":{"@type":"Offer","price":"\(price)","priceCurrency":"KRW"}}</script>
        </head><body></body></html>
        """
    }

    static func server(allowPrivate: Bool = true) throws -> TestServer {
        try TestServer { $0.allowPrivateAddresses = allowPrivate }
    }

    @Test func previewsAPageOncePerDay() async throws {
        let shop = try LoopbackHTTPServer { _ in .html(Self.shopPage(price: "89,000")) }
        defer { shop.stop() }
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let url = shop.url("/items/1").absoluteString
        let preview = try await alice.linkPreview(url)
        #expect(preview.url == url)
        #expect(preview.title == "여행 가방")
        #expect(preview.description == "Goes everywhere.")
        #expect(preview.image == shop.url("/bag.jpg").absoluteString)
        #expect(preview.siteName == "Shop")
        #expect(preview.lang == "ko")
        #expect(preview.price == LinkPreviewResult.Price(amount: 89000, currency: "KRW"))
        #expect(try await alice.linkPreview(url) == preview)
        #expect(shop.requests.count == 1, "the second preview came from the cache")
    }

    @Test func failuresAreClearErrors() async throws {
        let shop = try LoopbackHTTPServer { request in
            switch request.path {
            case "/gone": .json(status: 404, body: "{}")
            default: .answer(status: 200, headers: ["Content-Type": "application/zip"], body: [0x50, 0x4B])
            }
        }
        defer { shop.stop() }
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        await expectServerError(400, "invalid_url") { _ = try await alice.linkPreview("ftp://example.org/file") }
        await expectServerError(422, "not_html") { _ = try await alice.linkPreview(shop.url("/file.zip").absoluteString) }
        do {
            _ = try await alice.linkPreview(shop.url("/gone").absoluteString)
            Issue.record("a 404 page was previewed")
        } catch let error as WishlistClientError {
            #expect(
                error == .server(status: 422, code: "unreachable", message: "The page could not be fetched: the page answered HTTP 404."))
        }
    }

    @Test func aPrivateAddressIsForbiddenByDefault() async throws {
        let inside = try LoopbackHTTPServer { _ in .html(Self.shopPage(price: "1")) }
        defer { inside.stop() }
        let server = try Self.server(allowPrivate: false)
        let alice = try await server.signedInAdmin()
        await expectServerError(403, "forbidden_address") { _ = try await alice.linkPreview("http://localhost:\(inside.port)/") }
        #expect(inside.connectionCount == 0)
    }

    struct ImageLink: Encodable {
        let url: String
    }

    @Test func aPreviewsImageBecomesAPhotoOfItsOwnerOnly() async throws {
        let jpeg = try TestPhotos.photo("gps/DSCN0010.jpg")
        let shop = try LoopbackHTTPServer { request in
            switch request.path {
            case "/bag.jpg": .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: Array(jpeg))
            case "/fake.jpg": .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: Array("not a picture".utf8))
            default: .html(Self.shopPage(price: "1"))
            }
        }
        defer { shop.stop() }
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let photo = try await alice.request(
            "POST", "/api/v1/link-previews/photo", json: ImageLink(url: shop.url("/bag.jpg").absoluteString), as: Photo.self)
        #expect(photo.width > 0)
        let wish = try await alice.createWish(WishDraft(name: "Bag", photoIDs: [photo.id]))
        #expect(wish.photos.map(\.id) == [photo.id])
        let bob = try await server.signedInUser("bob")
        let stolen = try await bob.createWish(WishDraft(name: "Bag", photoIDs: []))
        let taken = try await bob.send(
            "PATCH", "/api/v1/wishes/\(stolen.id.uuidString.lowercased())",
            body: Data(#"{"photoIds":["\#(photo.id.uuidString.lowercased())"]}"#.utf8),
            headers: ["If-Match": "\"\(stolen.version)\""])
        #expect(taken.status == 400, "another account's photo cannot be taken")
        await expectServerError(422, "not_image") {
            _ = try await alice.request(
                "POST", "/api/v1/link-previews/photo", json: ImageLink(url: shop.url("/page").absoluteString), as: Photo.self)
        }
        await expectServerError(400, "invalid_url") {
            _ = try await alice.request("POST", "/api/v1/link-previews/photo", json: ImageLink(url: "file:///etc/passwd"), as: Photo.self)
        }
        do {
            _ = try await alice.request(
                "POST", "/api/v1/link-previews/photo", json: ImageLink(url: shop.url("/fake.jpg").absoluteString), as: Photo.self)
            Issue.record("bytes that are no image became a photo")
        } catch let WishlistClientError.server(status, _, _) {
            #expect((400..<500).contains(status))
        }
    }

    @Test func aPreviewsImageAtAPrivateAddressIsForbidden() async throws {
        let inside = try LoopbackHTTPServer { _ in .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: [0xFF]) }
        defer { inside.stop() }
        let server = try Self.server(allowPrivate: false)
        let alice = try await server.signedInAdmin()
        await expectServerError(403, "forbidden_address") {
            _ = try await alice.request(
                "POST", "/api/v1/link-previews/photo", json: ImageLink(url: "http://localhost:\(inside.port)/a.jpg"), as: Photo.self)
        }
        #expect(inside.connectionCount == 0)
    }

    @Test func refreshRecordsAChangedPriceNewestFirst() async throws {
        let price = Mutex("89000")
        let shop = try LoopbackHTTPServer { _ in .html(Self.shopPage(price: price.withLock { $0 })) }
        defer { shop.stop() }
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(WishDraft(name: "Bag", link: shop.url("/items/1").absoluteString))
        #expect(wish.price == nil)
        let first = try await alice.refreshLink(of: wish.id)
        #expect(first.price?.amount == 89000 && first.price?.currency == "KRW")
        price.withLock { $0 = "79000" }
        let second = try await alice.refreshLink(of: wish.id)
        #expect(second.priceHistory.map(\.amount) == [79000, 89000])
        #expect(try await alice.wish(wish.id).priceHistory == second.priceHistory)
        #expect(second.version == wish.version)
    }

    @Test func aWishWithoutALinkHasNothingToRefresh() async throws {
        let server = try Self.server()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(WishDraft(name: "Bag"))
        await expectServerError(409, "no_link") { _ = try await alice.refreshLink(of: wish.id) }
    }
}
