import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore
import WishlistStore

@testable import WishlistServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sharing into the app (W7): `/share` as the share sheet, a bookmarklet and a shortcut call it.
@Suite final class ShareTests {
    /// Answers a redirect instead of following it, so the test sees where `/share` sends the browser.
    final class NoRedirects: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: String

        var location: String? { headers["Location"] }

        /// The wish id of a `/#/wishes/{id}` redirect.
        var wishID: UUID? {
            location.flatMap { $0.hasPrefix("/#/wishes/") ? UUID(uuidString: String($0.dropFirst(10))) : nil }
        }
    }

    let server: TestServer
    let shop: LoopbackHTTPServer
    let alice: WishlistClient

    init() async throws {
        let jpeg = try TestPhotos.photo("gps/DSCN0010.jpg")
        shop = try LoopbackHTTPServer { request in
            switch request.path {
            case "/bag.jpg": .answer(status: 200, headers: ["Content-Type": "image/jpeg"], body: Array(jpeg))
            case "/gone": .json(status: 404, body: "{}")
            default: .html(LinksAPITests.shopPage(price: "89000"))
            }
        }
        server = try TestServer { $0.allowPrivateAddresses = true }
        alice = try await server.signedInAdmin()
    }

    deinit {
        shop.stop()
    }

    /// Sends to `target`, or else to the suite's server.
    func send(
        _ method: String, _ path: String, body: Data? = nil, contentType: String? = nil, cookies: [String] = [],
        headers: [String: String] = [:], to target: TestServer? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: path, relativeTo: (target ?? server).baseURL)!)
        request.httpMethod = method
        request.httpBody = body
        if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if !cookies.isEmpty { request.setValue(cookies.joined(separator: "; "), forHTTPHeaderField: "Cookie") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let headers = Dictionary(http.allHeaderFields.map { ("\($0.key)", "\($0.value)") }, uniquingKeysWith: { $1 })
        return Answer(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }

    var session: String { "wishlist_session=\(alice.sessionToken ?? "")" }

    static func multipart(_ fields: [String: String], files: [Data] = []) -> (Data, String) {
        let boundary = "----share\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (index, file) in files.enumerated() {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(index).jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8)
            body += file + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test func theLinkInsideTextMakesAWishWithTitlePriceAndPhoto() async throws {
        let link = shop.url("/items/1").absoluteString
        let (body, type) = Self.multipart(["title": "Look at this", "text": "Look at this bag \(link)"])
        let answer = try await send("POST", "/share", body: body, contentType: type, cookies: [session])
        #expect(answer.status == 303)
        let wish = try await alice.wish(try #require(answer.wishID))
        #expect(wish.name == "여행 가방")
        #expect(wish.link == link)
        #expect(wish.memo == "Look at this bag \(link)", "the shared words are kept")
        #expect(wish.price?.amount == 89000 && wish.price?.currency == "KRW")
        #expect(wish.photos.count == 1, "the page's image became the first photo")
    }

    @Test func aURLEncodedShareWithTheLinkInURL() async throws {
        let link = shop.url("/items/2").absoluteString
        let body = "title=Bag&url=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        let answer = try await send(
            "POST", "/share", body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", cookies: [session])
        let wish = try await alice.wish(try #require(answer.wishID))
        #expect(wish.link == link && wish.name == "여행 가방" && wish.memo == nil)
    }

    @Test func aPageThatCannotBeFetchedStillMakesAWish() async throws {
        let link = shop.url("/gone").absoluteString
        let body = "url=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&title=Old%20bag"
        let answer = try await send(
            "POST", "/share", body: Data(body.utf8), contentType: "application/x-www-form-urlencoded", cookies: [session])
        let wish = try await alice.wish(try #require(answer.wishID))
        #expect(wish.name == "Old bag" && wish.link == link && wish.price == nil && wish.photos.isEmpty)
    }

    @Test func sharedImagesBecomeThePhotos() async throws {
        let (body, type) = Self.multipart(["title": "Shoes"], files: [try TestPhotos.photo("gps/DSCN0010.jpg")])
        let answer = try await send("POST", "/share", body: body, contentType: type, cookies: [session])
        let wish = try await alice.wish(try #require(answer.wishID))
        #expect(wish.name == "Shoes" && wish.link == nil && wish.photos.count == 1)
    }

    @Test func nothingToShareIsA400Page() async throws {
        let (body, type) = Self.multipart(["title": "Just words", "text": "no link here"])
        let answer = try await send("POST", "/share", body: body, contentType: type, cookies: [session])
        #expect(answer.status == 400)
        #expect(answer.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(answer.body.contains("Nothing to share"))
        #expect(try await alice.wishes().items.isEmpty)
    }

    @Test func aSignedOutShareWaitsForSignIn() async throws {
        let link = shop.url("/items/3").absoluteString
        let (body, type) = Self.multipart(["url": link])
        let waiting = try await send("POST", "/share", body: body, contentType: type)
        #expect(waiting.status == 303 && waiting.location == "/")
        let cookie = try #require(waiting.headers["Set-Cookie"]?.firstMatch(of: #/wishlist_share=([^;]+)/#)?.output.1)
        #expect(try await alice.wishes().items.isEmpty)
        let resumed = try await send("GET", "/share/continue", cookies: [session, "wishlist_share=\(cookie)"])
        let wish = try await alice.wish(try #require(resumed.wishID))
        #expect(wish.link == link)
        let again = try await send("GET", "/share/continue", cookies: [session, "wishlist_share=\(cookie)"])
        #expect(again.location == "/", "a pending share is made once")
    }

    /// The cookie's token of a signed-out share's answer.
    static func pendingToken(_ answer: Answer) throws -> String {
        String(try #require(answer.headers["Set-Cookie"]?.firstMatch(of: #/wishlist_share=([^;]+)/#)?.output.1))
    }

    /// Behind a load balancer, the share lands on one server and the sign-in on another.
    @Test func aShareKeptByOneServerIsMadeAfterSignInOnAnother() async throws {
        try await TestServer.sharingOneDatabase(configure: { $0.allowPrivateAddresses = true }) { servers in
            let link = shop.url("/items/8").absoluteString
            let (body, type) = Self.multipart(["url": link, "title": "Bag"], files: [try TestPhotos.photo("gps/DSCN0010.jpg")])
            let waiting = try await send("POST", "/share", body: body, contentType: type, to: servers[0])
            #expect(waiting.status == 303 && waiting.location == "/")
            let token = try Self.pendingToken(waiting)
            let bob = try await servers[1].signedInAdmin(username: "bob")
            let cookies = ["wishlist_session=\(bob.sessionToken ?? "")", "wishlist_share=\(token)"]
            let resumed = try await send("GET", "/share/continue", cookies: cookies, to: servers[1])
            let wish = try await bob.wish(try #require(resumed.wishID))
            #expect(wish.link == link && wish.photos.count == 1)
            let again = try await send("GET", "/share/continue", cookies: cookies, to: servers[0])
            #expect(again.location == "/", "neither server makes it twice")
        }
    }

    @Test func aShareThatWaitedTooLongIsForgottenByHousekeeping() async throws {
        let (body, type) = Self.multipart(["url": shop.url("/items/10").absoluteString])
        let kept = server.clock.now
        let token = try Self.pendingToken(try await send("POST", "/share", body: body, contentType: type))
        server.clock.advance(by: 15 * 60)
        let late = try await send("GET", "/share/continue", cookies: [session, "wishlist_share=\(token)"])
        #expect(late.location == "/")
        #expect(try await alice.wishes().items.isEmpty)
        let forgotten = try Self.pendingToken(try await send("POST", "/share", body: body, contentType: type))
        server.clock.advance(by: 15 * 60)
        server.application.housekeeping.tidy()
        #expect(try server.application.store.pendingShares.take(forgotten, now: kept) == nil, "gone, not only expired")
    }

    /// On SQLite, a share waits in the server's file: a restart loses none.
    @Test(.enabled(if: !TestServer.onPostgreSQL, "a SQLite server's restart"))
    func aShareWaitingForSignInOutlivesARestart() async throws {
        let link = shop.url("/items/9").absoluteString
        let (body, type) = Self.multipart(["url": link])
        let token = try Self.pendingToken(try await send("POST", "/share", body: body, contentType: type))
        try server.application.stop()
        let restarted = try TestServer(dataDirectory: server.dataDirectory) { $0.allowPrivateAddresses = true }
        let resumed = try await send("GET", "/share/continue", cookies: [session, "wishlist_share=\(token)"], to: restarted)
        let reader = restarted.client()
        reader.sessionToken = alice.sessionToken
        let wish = try await reader.wish(try #require(resumed.wishID))
        #expect(wish.link == link)
    }

    @Test func anotherSiteCannotShareIntoTheAccount() async throws {
        let (body, type) = Self.multipart(["url": shop.url("/items/4").absoluteString])
        let answer = try await send(
            "POST", "/share", body: body, contentType: type, cookies: [session], headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(answer.status == 403)
        #expect(try await alice.wishes().items.isEmpty)
    }

    @Test func aBookmarkletsGetOnlyOpensTheShareScreen() async throws {
        // Any page can send a browser to a GET, cookie and all: it must not make a wish by itself.
        let link = shop.url("/items/6").absoluteString + "?size=a+b&colour=red"
        let query = "url=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&title=Tea%20%26%20cups"
        for cookies in [[session], []] {
            let answer = try await send("GET", "/share?\(query)", cookies: cookies, headers: ["Sec-Fetch-Site": "cross-site"])
            #expect(answer.status == 303)
            let location = try #require(answer.location)
            #expect(location.hasPrefix("/#/share?"))
            let shared = try #require(URLComponents(string: "/?" + location.dropFirst("/#/share?".count))?.queryItems)
            #expect(shared.first { $0.name == "url" }?.value == link)
            #expect(shared.first { $0.name == "title" }?.value == "Tea & cups")
            #expect(location.contains("a%2Bb"), "a plus in the link stays a plus")
            #expect(answer.headers["Set-Cookie"] == nil, "nothing waits for sign-in")
        }
        #expect(try await alice.wishes().items.isEmpty)
        let nothing = try await send("GET", "/share?title=Only%20words", cookies: [session])
        #expect(nothing.status == 400)
    }

    @Test func anotherSiteCannotLeaveAShareWaitingForSignIn() async throws {
        let (body, type) = Self.multipart(["url": shop.url("/items/7").absoluteString])
        for headers in [["Sec-Fetch-Site": "cross-site"], ["Origin": "https://elsewhere.example"]] {
            let answer = try await send("POST", "/share", body: body, contentType: type, headers: headers)
            #expect(answer.status == 403)
            #expect(answer.headers["Set-Cookie"] == nil)
        }
        let own = try await send(
            "POST", "/share", body: body, contentType: type, cookies: [session],
            headers: ["Origin": server.baseURL.absoluteString.trimmingCharacters(in: ["/"])])
        #expect(own.wishID != nil, "our own page's form may share")
    }

    @Test func aShortcutSharesWithAnAPIToken() async throws {
        let token = try await alice.createToken(name: "iPhone Shortcut").token
        let link = shop.url("/items/5").absoluteString
        let answer = try await send(
            "GET", "/share?url=\(link.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
            headers: ["Authorization": "Bearer \(token)"])
        #expect(try await alice.wish(try #require(answer.wishID)).link == link)
    }

    @Test func theManifestDeclaresTheShareTarget() async throws {
        let manifest = try await send("GET", "/manifest.webmanifest")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(manifest.body.utf8)) as? [String: Any])
        let target = try #require(json["share_target"] as? [String: Any])
        #expect(target["action"] as? String == "/share")
        #expect(target["method"] as? String == "POST")
        #expect(target["enctype"] as? String == "multipart/form-data")
        let params = try #require(target["params"] as? [String: Any])
        #expect(params["url"] as? String == "url" && params["text"] as? String == "text")
        #expect((params["files"] as? [[String: Any]])?.first?["name"] as? String == "files")
    }
}
