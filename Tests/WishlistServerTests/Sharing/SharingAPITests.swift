import Archive
import Crypto
import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl

/// Shared lists and reservations (X7, X8) through the real server: the owner's routes, a friend's, and
/// what the owner must never learn.
@Suite struct SharingAPITests {
    /// The owner, a friend (signed out) on the same server, and the token of `share`.
    private static func friend(of server: TestServer, _ share: Share) throws -> (WishlistClient, String) {
        let (_, token) = try WishlistClient.sharedLink(URL(string: share.url)!, transport: CurlTransport())
        return (server.client(), token)
    }

    @Test func aShareHasTheContractsDefaultsAndAnUnguessableLink() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let share = try await alice.createShare(ShareDraft(title: "  Birthday  "))
        #expect(share.title == "Birthday")
        #expect(share.tag == nil && share.showMemos && share.showPrices && !share.showPlaces && share.allowReservations)
        #expect(share.expiresAt == nil && share.views == 0 && share.lastViewedAt == nil)
        let (_, token) = try Self.friend(of: server, share)
        #expect(share.url.hasPrefix(server.baseURL.absoluteString + "/s/"))
        #expect(Base64URLLength.bits(of: token) >= 128)
        let other = try await alice.createShare(ShareDraft(title: "Other"))
        #expect(other.url != share.url)
        #expect(try await alice.shares().map(\.id) == [other.id, share.id])
        #expect(try await alice.share(share.id) == share)
    }

    @Test func theFriendSeesOnlyWhatTheShareShowsAndNoPrivateWish() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let place = Place(name: "Home", latitude: 37.5, longitude: 127, source: .manual)
        let shown = try await alice.createWish(WishDraft(name: "Bike", memo: "red", link: "https://example.com/b", place: place))
        _ = try await alice.createWish(WishDraft(name: "Diary", isPrivate: true))
        var share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        var list = try await friend.sharedList(token: token)
        #expect(list.items.map(\.name) == ["Bike"], "a private wish is in no share")
        #expect(list.total == 1 && list.owner.username == "alice" && list.allowReservations)
        #expect(list.items[0].memo == "red" && list.items[0].place == nil && list.items[0].reserved == false)

        share = try await alice.updateShare(share.id, SharePatch(showMemos: false, showPlaces: true))
        list = try await friend.sharedList(token: token)
        #expect(list.items[0].memo == nil && list.items[0].place?.name == "Home")
        let raw = try await friend.send(APIRoute.Sharing.sharedWish, ["token": token, "id": shown.id.uuidString.lowercased()])
        let object = try #require(try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])
        #expect(object["memo"] == nil, "a hidden field is absent, not null")
        #expect(raw.headers["x-robots-tag"]?.contains("noindex") == true)
        #expect(raw.headers["referrer-policy"] == "no-referrer")
    }

    @Test func aTagShareFollowsTheTagLive() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike", tags: ["Birthday"]))
        let book = try await alice.createWish(WishDraft(name: "Book"))
        let share = try await alice.createShare(ShareDraft(title: "B-day", tag: "birthday"))
        let (friend, token) = try Self.friend(of: server, share)
        #expect(try await friend.sharedList(token: token).items.map(\.id) == [bike.id])
        _ = try await alice.updateWish(book.id, WishPatch(tags: ["BIRTHDAY"]))
        _ = try await alice.updateWish(bike.id, WishPatch(tags: []))
        #expect(try await friend.sharedList(token: token).items.map(\.id) == [book.id])
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedWish(token: token, id: bike.id) }
    }

    @Test func revokedRotatedExpiredAndUnknownLinksAreTheSame404() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "A"))
        let (friend, old) = try Self.friend(of: server, share)
        let rotated = try await alice.rotateShare(share.id)
        let (_, new) = try Self.friend(of: server, rotated)
        #expect(new != old)
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedList(token: old) }
        #expect(try await friend.sharedList(token: new).items.count == 1)

        let expiring = try await alice.createShare(
            ShareDraft(title: "Soon", expiresAt: server.clock.now.addingTimeInterval(60)))
        let (_, soon) = try Self.friend(of: server, expiring)
        #expect(try await friend.sharedList(token: soon).items.count == 1)
        server.clock.advance(by: 61)
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedList(token: soon) }

        try await alice.revokeShare(rotated.id)
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedList(token: new) }
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedList(token: "never-was-a-token") }
        let page = try await friend.send("GET", "/s/\(new)")
        #expect(page.status == 404 && !String(decoding: page.body, as: UTF8.self).contains("Bike"))
        await expectServerError(404) { _ = try await alice.share(rotated.id) }
    }

    /// "Nothing else": a dead link's answer is byte for byte an unknown token's, whichever way it
    /// died, and a wish or photo not in a live share answers the same, so no answer tells a
    /// guesser that a token once was, or that a wish exists.
    @Test func everyDeadLinkAnswersExactlyLikeATokenThatNeverWas() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let hidden = try await alice.createWish(WishDraft(name: "Diary", isPrivate: true))
        let (friend, _) = try Self.friend(of: server, try await alice.createShare(ShareDraft(title: "Never")))
        func answer(_ token: String) async throws -> (Int, Data, [String]) {
            let raw = try await friend.send(APIRoute.Sharing.sharedList, ["token": token])
            return (raw.status, raw.body, raw.headers.keys.filter { $0 != "date" }.sorted())
        }
        let never = try await answer("AAAAAAAAAAAAAAAAAAAAAA")
        #expect(never.0 == 404 && String(decoding: never.1, as: UTF8.self).contains("\"share_not_found\""))

        let rotated = try await alice.createShare(ShareDraft(title: "Rotated"))
        _ = try await alice.rotateShare(rotated.id)
        let revoked = try await alice.createShare(ShareDraft(title: "Revoked"))
        try await alice.revokeShare(revoked.id)
        let expired = try await alice.createShare(ShareDraft(title: "Expired", expiresAt: server.clock.now.addingTimeInterval(1)))
        let live = try await alice.createShare(ShareDraft(title: "Live"))
        server.clock.advance(by: 2)
        let neverPage = try await friend.send("GET", "/s/AAAAAAAAAAAAAAAAAAAAAA")
        #expect(neverPage.status == 404)
        for (why, share) in [("rotated away", rotated), ("revoked", revoked), ("expired", expired)] {
            let token = try Self.friend(of: server, share).1
            let dead = try await answer(token)
            #expect(dead.0 == never.0 && dead.1 == never.1 && dead.2 == never.2, "\(why)")
            let page = try await friend.send("GET", "/s/\(token)")
            #expect(page.status == 404 && page.body == neverPage.body, "the page of a link \(why)")
        }
        let token = try Self.friend(of: server, live).1
        let privateWish = try await friend.send(
            APIRoute.Sharing.sharedWish, ["token": token, "id": hidden.id.uuidString.lowercased()])
        #expect(privateWish.status == 404 && privateWish.body == never.1)
        let noPhoto = try await friend.send("GET", "/s/\(token)/media/\(UUID().uuidString.lowercased())/medium")
        #expect(noPhoto.status == 404 && noPhoto.body == never.1)
    }

    /// A friend's reading and reserving are capped per client address, whoever is signed in there;
    /// the owner's own routes are not counted against it.
    @Test func viewsAndReservationsAreRateLimitedPerAddress() async throws {
        let server = try TestServer { $0.rateLimits = [.sharedViews: 3, .reservations: 2] }
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        _ = try await friend.sharedList(token: token)
        _ = try await friend.sharedWish(token: token, id: bike.id)
        #expect(try await friend.send("GET", "/s/\(token)").status == 200)
        await expectServerError(429, "rate_limited") { _ = try await friend.sharedList(token: token) }
        let page = try await friend.send("GET", "/s/\(token)")
        #expect(page.status == 429 && page.headers["retry-after"] != nil)
        let bob = try await server.signedInUser("bob")
        await expectServerError(429, "rate_limited") { _ = try await bob.sharedList(token: token) }
        #expect(try await alice.shares().count == 1)

        let key = try await friend.reserve(token: token, wish: bike.id).reservationKey
        _ = try await friend.checkReservations(token: token, keys: [key])
        await expectServerError(429, "rate_limited") {
            try await friend.cancelReservation(token: token, wish: bike.id, key: key)
        }
        await expectServerError(429, "rate_limited") { _ = try await bob.reserve(token: token, wish: bike.id) }
        server.clock.advance(by: 61)
        try await friend.cancelReservation(token: token, wish: bike.id, key: key)
        #expect(try await friend.sharedWish(token: token, id: bike.id).reserved == false)
    }

    @Test func aFriendReservesAndCancelsWithItsKeyAndTheOwnerNeverLearns() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        let receipt = try await friend.reserve(token: token, wish: bike.id, .init(name: "Aunt May", note: "blue?", showName: true))
        await expectServerError(409, "already_reserved") { _ = try await friend.reserve(token: token, wish: bike.id) }
        let seen = try await server.client().sharedWish(token: token, id: bike.id)
        #expect(seen.reserved == true && seen.reservedBy == "Aunt May")

        // The owner, signed in, reading their own link: no reservation state at all.
        let ownView = try await alice.sharedList(token: token)
        #expect(ownView.items[0].reserved == nil && ownView.items[0].reservedBy == nil)
        let ownRaw = try await alice.send(APIRoute.Sharing.sharedList, ["token": token])
        #expect(!String(decoding: ownRaw.body, as: UTF8.self).contains("reserved"))
        let ownPage = try await alice.send("GET", "/s/\(token)")
        #expect(!String(decoding: ownPage.body, as: UTF8.self).contains("Aunt May"))
        #expect(!String(decoding: ownPage.body, as: UTF8.self).contains("reserved"))
        // Nor in the owner's own routes: the wish, its search, the wishes, the shares (and their counts).
        for body in [
            try await alice.send(APIRoute.Wishes.show, ["id": bike.id.uuidString.lowercased()]).body,
            try await alice.send(APIRoute.Search.search, query: [URLQueryItem(name: "q", value: "Bike")]).body,
            try await alice.send(APIRoute.Wishes.list).body,
            try await alice.send(APIRoute.Sharing.list).body
        ] {
            let text = String(decoding: body, as: UTF8.self)
            #expect(!text.contains("Aunt May") && !text.contains("blue?") && !text.contains("\"reserved"))
        }

        await expectServerError(403, "not_your_reservation") {
            try await friend.cancelReservation(token: token, wish: bike.id, key: "someone-elses")
        }
        #expect(
            try await friend.checkReservations(token: token, keys: [receipt.reservationKey, "x"])
                == ReservationStatus(held: [.init(key: receipt.reservationKey, wishId: bike.id)], gone: ["x"]))
        try await friend.cancelReservation(token: token, wish: bike.id, key: receipt.reservationKey)
        #expect(try await friend.sharedWish(token: token, id: bike.id).reserved == false)
    }

    @Test func deletingAWishEndsItsReservationAndTheFriendLearnsItIsGone() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        let key = try await friend.reserve(token: token, wish: bike.id).reservationKey
        try await alice.deleteWish(bike.id)
        #expect(try await friend.checkReservations(token: token, keys: [key]) == ReservationStatus(held: [], gone: [key]))
        let again = try await alice.createWish(WishDraft(name: "Bike again"))
        #expect(try await friend.sharedWish(token: token, id: again.id).reserved == false)
    }

    @Test func reservationsOffIsA403AndBadInputA400() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All", allowReservations: false))
        let (friend, token) = try Self.friend(of: server, share)
        await expectServerError(403, "reservations_off") { _ = try await friend.reserve(token: token, wish: bike.id) }
        _ = try await alice.updateShare(share.id, SharePatch(allowReservations: true))
        await expectServerError(400, "reservation_note_too_long") {
            _ = try await friend.reserve(token: token, wish: bike.id, .init(note: String(repeating: "n", count: 501)))
        }
        await expectServerError(400, "title_required") { _ = try await alice.createShare(ShareDraft(title: " ")) }
        // An expiry already past stops the link at once; clearing it opens the link again.
        let paused = try await alice.updateShare(share.id, SharePatch(expiresAt: .set(server.clock.now.addingTimeInterval(-1))))
        await expectServerError(404, "share_not_found") { _ = try await friend.sharedList(token: token) }
        #expect(try await alice.updateShare(paused.id, SharePatch(expiresAt: .clear)).expiresAt == nil)
        #expect(try await friend.sharedList(token: token).items.count == 1)
    }

    @Test func viewsAreCountedButNotTheOwnersNorLaterPages() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for name in ["a", "b", "c"] { _ = try await alice.createWish(WishDraft(name: name)) }
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        let first = try await friend.sharedList(token: token, limit: 2)
        let second = try await friend.sharedList(token: token, limit: 2, cursor: first.nextCursor)
        #expect((first.items + second.items).map(\.name) == ["c", "b", "a"])
        _ = try await friend.send("GET", "/s/\(token)")
        _ = try await alice.sharedList(token: token)
        _ = try await alice.send("GET", "/s/\(token)")
        let counted = try await alice.share(share.id)
        #expect(counted.views == 2)
        #expect(counted.lastViewedAt == server.clock.now)
    }

    @Test func thePageCarriesOpenGraphPrivacyHeadersAndTheViewersLanguage() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await alice.uploadPhotos([
            WishlistClient.PhotoFile(filename: "p.jpg", data: try TestPhotos.photo("gps/DSCN0010.jpg"))
        ]).items[0]
        _ = try await alice.createWish(WishDraft(name: "Camera <3", photoIDs: [photo.id]))
        let share = try await alice.createShare(ShareDraft(title: "Tom's \"list\""))
        let (friend, token) = try Self.friend(of: server, share)
        let page = try await friend.send("GET", "/s/\(token)", headers: ["Accept-Language": "ko-KR,ko;q=0.9"])
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200)
        #expect(page.headers["x-robots-tag"]?.contains("noindex") == true)
        #expect(page.headers["referrer-policy"] == "no-referrer")
        #expect(page.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        #expect(html.contains(#"<html lang="ko">"#))
        #expect(html.contains(#"<meta property="og:title" content="Tom&#39;s &quot;list&quot;">"#))
        #expect(html.contains(#"<meta property="og:description" content="위시 1개 · alice">"#))
        #expect(
            html.contains(
                #"<meta property="og:image" content="\#(server.baseURL.absoluteString)/s/\#(token)/media/\#(photo.id.uuidString.lowercased())/medium"#
            ))
        #expect(!html.contains("Camera <3"), "text in the page is escaped")
        #expect(html.contains("js/sharing/shared-list-page.js"))
        // Its modules and both catalogs the Korean reader's page reads come with it, not a level at a time.
        #expect(html.firstMatch(of: /<link rel="modulepreload" href="\/static\/[0-9a-f]{12}\/js\/sharing\/shared-wish-dialog.js">/) != nil)
        #expect(html.contains(#"/i18n/en.json" as="fetch" crossorigin>"#) && html.contains(#"/i18n/ko.json" as="fetch" crossorigin>"#))
        // Its stylesheet is inline, and the policy allows exactly that text by its hash: no
        // 'unsafe-inline', and no stylesheet to wait for.
        #expect(!html.contains(#"rel="stylesheet""#))
        #expect(html.firstMatch(of: /<link rel="icon" href="\/static\/[0-9a-f]{12}\/icons\/icon.svg"/) != nil)
        let style = try #require(html.firstMatch(of: /<style>([^<]*)<\/style>/)?.output.1)
        #expect(style.contains(".shared-card") && style.contains("--color-bg") && style.contains(".photo-strip"))
        let hash = Data(SHA256.digest(Array(style.utf8))).base64EncodedString()
        let policy = try #require(page.headers["content-security-policy"])
        #expect(policy.contains("style-src 'self' 'sha256-\(hash)'"))
        #expect(!policy.contains("unsafe-inline"))
        let english = try await friend.send("GET", "/s/\(token)", headers: ["Accept-Language": "en-US"])
        #expect(String(decoding: english.body, as: UTF8.self).contains("1 wish · alice"))
    }

    @Test func sharedPhotosAreServedOnlyForWishesInTheShareAndOnlyAsRenditions() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photos = try await alice.uploadPhotos(
            ["gps/DSCN0010.jpg", "gps/DSCN0010.jpg"].map {
                WishlistClient.PhotoFile(filename: "p.jpg", data: try TestPhotos.photo($0))
            }
        ).items
        _ = try await alice.createWish(WishDraft(name: "Shown", photoIDs: [photos[0].id]))
        _ = try await alice.createWish(WishDraft(name: "Hidden", photoIDs: [photos[1].id], isPrivate: true))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        let url = try #require(try await friend.sharedList(token: token).items.first?.photos.first?.urls.medium)
        let shown = try await friend.send("GET", url)
        #expect(shown.status == 200 && shown.headers["content-type"] == "image/jpeg")
        for (id, size) in [(photos[1].id, "medium"), (photos[0].id, "original"), (photos[0].id, "full")] {
            let refused = try await friend.send("GET", "/s/\(token)/media/\(id.uuidString.lowercased())/\(size)")
            #expect(refused.status == 404, "\(size)")
        }
    }

    @Test func theAccessLogNamesNoTokenNorWhatAFriendDid() async throws {
        let lines = LogLines()
        let server = try TestServer { $0.logger = { lines.append($0) } }
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (friend, token) = try Self.friend(of: server, share)
        _ = try await friend.reserve(token: token, wish: bike.id)
        _ = try await friend.send("GET", "/s/\(token)")
        try server.application.stop()
        let log = lines.all.joined(separator: "\n")
        #expect(!log.contains(token) && !log.contains(bike.id.uuidString.lowercased()))
        #expect(!log.contains("reservation"))
        #expect(log.contains("/s/…"))
    }

    @Test func aSignedInReadersCookieHasNoEffectOnAReservation() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        let (_, token) = try Self.friend(of: server, share)
        let bob = try await server.signedInUser("bob")
        let headers = ["Idempotency-Key": "reserve-bike"]
        let path = ["token": token, "id": bike.id.uuidString.lowercased()]
        let first = try await bob.send(APIRoute.Sharing.reserve, path, body: Data("{}".utf8), headers: headers)
        let again = try await bob.send(APIRoute.Sharing.reserve, path, body: Data("{}".utf8), headers: headers)
        #expect(first.status == 201)
        #expect(again.status == 409 && again.headers["idempotency-replayed"] == nil, "no answer kept for Bob's account")
    }

    @Test func theExportHoldsTheSharesAndPrivateMarksButNoTokenNorReservation() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        _ = try await alice.createWish(WishDraft(name: "Diary", isPrivate: true))
        let share = try await alice.createShare(ShareDraft(title: "Birthday list", tag: "gifts"))
        let (friend, token) = try Self.friend(of: server, share)
        _ = try await alice.updateShare(share.id, SharePatch(tag: .clear))
        _ = try await friend.reserve(token: token, wish: bike.id, .init(name: "Aunt May", note: "blue?", showName: true))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("share-export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try await alice.exportArchive(to: file)
        let reader = try ArchiveReader(
            path: file.path, limits: .init(maximumEntries: 100, maximumEntryBytes: 64 << 20, maximumTotalBytes: 256 << 20))
        var entries: [String: String] = [:]
        while let entry = try reader.nextEntry() { entries[entry.path] = String(decoding: try reader.readData(), as: UTF8.self) }
        let shares = try #require(entries["shares.jsonl"])
        #expect(shares.contains("Birthday list") && shares.contains(share.id.uuidString.lowercased()))
        let everything = entries.values.joined()
        #expect(!everything.contains(token) && !everything.contains("Aunt May") && !everything.contains("blue?"))
        #expect(!everything.contains("\"reserved"))

        // Moved to another server, the private wish stays private and no link comes along.
        let other = try TestServer()
        let moved = try await other.signedInAdmin()
        let report = try await moved.importArchive(from: file)
        #expect(report.refused.isEmpty)
        #expect(try await moved.wishes().items.map { "\($0.name) \($0.isPrivate)" }.sorted() == ["Bike false", "Diary true"])
        #expect(try await moved.shares().isEmpty)
    }
}

/// How many random bits a base64url token of this length carries.
private enum Base64URLLength {
    static func bits(of token: String) -> Int { token.count * 6 }
}
