import Foundation
import Testing
import WishlistClient
import WishlistCore

@Suite struct JournalAPITests {
    static func path(_ id: UUID) -> String { "/api/v1/journal/\(id.uuidString.lowercased())" }

    /// Every page of a journal list, following the cursors.
    static func allPages(_ client: WishlistClient, _ query: JournalListQuery) async throws -> [JournalEntry] {
        var query = query
        var entries: [JournalEntry] = []
        while true {
            let page = try await client.journalEntries(query)
            entries += page.items
            guard let cursor = page.nextCursor else { return entries }
            query.cursor = cursor
        }
    }

    @Test func createNormalisesAndAnswersWithLocationAndETag() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let answer = try await alice.send(
            "POST", "/api/v1/journal", body: Data(#"{"title":"  First ride  ","date":"2026-03-14","time":"07:05"}"#.utf8))
        #expect(answer.status == 201)
        let entry = try JSONCoding.decoder().decode(JournalEntry.self, from: answer.body)
        #expect(entry.title == "First ride")
        #expect(entry.contents == "")
        #expect((entry.date, entry.time, entry.hearted, entry.version) == ("2026-03-14", "07:05", false, 1))
        #expect(entry.photos.isEmpty && entry.wishIDs.isEmpty && entry.place == nil)
        #expect(answer.headers["location"] == Self.path(entry.id))
        #expect(answer.headers["etag"] == "\"1\"")
        #expect(try await alice.journalEntry(entry.id) == entry)
        // Absent optional members are explicit nulls, as everywhere in the API.
        let body = String(decoding: answer.body, as: UTF8.self)
        #expect(body.contains(#""place":null"#) && body.contains(#""photos":[]"#))
    }

    @Test func everyLimitIsA400NamingTheFieldAndNothingIsStored() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let bobsWish = try await bob.createWish(WishDraft(name: "Bob's bike"))
        let kept = try await alice.createJournalEntry(JournalDraft(title: "Keep me", date: "2026-01-01"))
        let atLimits = try await alice.createJournalEntry(
            JournalDraft(
                title: String(repeating: "t", count: 200), contents: String(repeating: "가", count: 50_000), date: "2024-02-29",
                time: "23:59", wishIDs: []))
        #expect(atLimits.contents.count == 50_000)
        func ids(_ count: Int) -> String { (0..<count).map { _ in "\"\(UUID().uuidString.lowercased())\"" }.joined(separator: ",") }
        let cases: [(String, String)] = [
            (#"{"title":"   ","date":"2026-01-01"}"#, "title"),
            (#"{"title":"\#(String(repeating: "t", count: 201))","date":"2026-01-01"}"#, "title"),
            (#"{"title":"x","date":"2026-01-01","contents":"\#(String(repeating: "c", count: 50_001))"}"#, "contents"),
            (#"{"title":"x","date":"2025-02-29"}"#, "date"),
            (#"{"title":"x","date":"2026-13-01"}"#, "date"),
            (#"{"title":"x","date":"2026-1-1"}"#, "date"),
            (#"{"title":"x","date":"2026-01-01T10:00:00Z"}"#, "date"),
            (#"{"title":"x","date":"yesterday"}"#, "date"),
            (#"{"title":"x","date":""}"#, "date"),
            (#"{"title":"x","date":"2026-01-01","time":"24:00"}"#, "time"),
            (#"{"title":"x","date":"2026-01-01","time":"9:30"}"#, "time"),
            (#"{"title":"x","date":"2026-01-01","photoIds":[\#(ids(11))]}"#, "photoIds"),
            (#"{"title":"x","date":"2026-01-01","wishIds":[\#(ids(51))]}"#, "wishIds"),
            (#"{"title":"x","date":"2026-01-01","wishIds":[\#(ids(1))]}"#, "wishIds"),
            (#"{"title":"x","date":"2026-01-01","wishIds":["\#(bobsWish.id.uuidString.lowercased())"]}"#, "wishIds"),
            (
                #"{"title":"x","date":"2026-01-01","place":{"name":"Nowhere","latitude":91,"longitude":0,"source":"manual"}}"#,
                "place.latitude"
            )
        ]
        for (body, field) in cases {
            let answer = try await alice.send("POST", "/api/v1/journal", body: Data(body.utf8))
            #expect(answer.status == 400, "\(body.prefix(70))")
            let error = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: String]]
            #expect(error?["error"]?["field"] == field, "\(body.prefix(70)) → \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
            // The same rule holds for an edit, which leaves the entry as it was.
            let patch = try await alice.send("PATCH", Self.path(kept.id), body: Data(body.utf8))
            #expect(patch.status == 400, "PATCH \(body.prefix(70))")
        }
        for malformed in [#"{"title":"x"}"#, #"{"date":"2026-01-01"}"#, #"{"title":5,"date":"2026-01-01"}"#, "{", "[]", ""] {
            let answer = try await alice.send("POST", "/api/v1/journal", body: Data(malformed.utf8))
            #expect(answer.status == 400, "\(malformed)")
        }
        #expect(try await alice.journalEntries().items == [kept, atLimits])
        #expect(try await bob.journalEntries().items.isEmpty)
    }

    @Test func newestDayFirstAndTiesNewestCreatedFirstOnEveryPage() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        var created: [JournalEntry] = []
        for date in ["2026-05-02", "2026-05-01", "2026-05-02", "2026-05-03", "2026-05-02", "2025-12-31"] {
            created.append(try await alice.createJournalEntry(JournalDraft(title: "Day \(date)", date: date)))
            server.clock.advance(by: 1)
        }
        // Two in the same millisecond: the one written second is newer.
        let first = try await alice.createJournalEntry(JournalDraft(title: "Same instant A", date: "2026-05-02"))
        let second = try await alice.createJournalEntry(JournalDraft(title: "Same instant B", date: "2026-05-02"))
        let expected = [
            created[3].id, second.id, first.id, created[4].id, created[2].id, created[0].id,
            created[1].id, created[5].id
        ]
        for limit in [1, 2, 3, 100] {
            #expect(try await Self.allPages(alice, JournalListQuery(limit: limit)).map(\.id) == expected, "limit \(limit)")
        }
        let page = try await alice.journalEntries(JournalListQuery(limit: 3))
        #expect(page.items.count == 3 && page.nextCursor != nil)
        // Moving an entry to another day moves it in the list.
        _ = try await alice.updateJournalEntry(created[5].id, JournalPatch(date: "2027-01-01"))
        #expect(try await alice.journalEntries().items.first?.id == created[5].id)
        for bad in ["limit=0", "limit=101", "limit=ten", "cursor=garbage", "hearted=maybe"] {
            #expect(try await alice.send("GET", "/api/v1/journal?\(bad)").status == 400, "\(bad)")
        }
    }

    @Test func heartFilterHeartAndUnheart() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        var entries: [JournalEntry] = []
        for day in 1...5 {
            entries.append(try await alice.createJournalEntry(JournalDraft(title: "Entry \(day)", date: "2026-02-0\(day)")))
        }
        let hearted = try await alice.setHeart(entries[1].id, true)
        #expect(hearted.hearted && hearted.version == 2)
        _ = try await alice.setHeart(entries[3].id, true)
        _ = try await alice.setHeart(entries[3].id, true)  // hearting twice changes nothing
        #expect(try await alice.journalEntry(entries[3].id).version == 2)
        let created = try await alice.createJournalEntry(JournalDraft(title: "Born hearted", date: "2026-01-15", hearted: true))

        #expect(
            try await Self.allPages(alice, JournalListQuery(hearted: true, limit: 1)).map(\.id)
                == [entries[3].id, entries[1].id, created.id])
        #expect(
            try await Self.allPages(alice, JournalListQuery(hearted: false, limit: 2)).map(\.id)
                == [entries[4].id, entries[2].id, entries[0].id])
        let unhearted = try await alice.setHeart(entries[3].id, false)
        #expect(!unhearted.hearted && unhearted.version == 3)
        #expect(try await alice.journalEntries(JournalListQuery(hearted: true)).items.map(\.id) == [entries[1].id, created.id])
        // A hearted entry deleted while another list is open is gone from both.
        try await alice.deleteJournalEntry(entries[1].id)
        #expect(try await alice.journalEntries(JournalListQuery(hearted: true)).items.map(\.id) == [created.id])
        #expect(try await alice.journalEntries().items.count == 5)
        await expectServerError(404, "not_found") { _ = try await alice.journalEntry(entries[1].id) }
        // A cursor of the hearted list does not page the whole journal.
        let cursor = try #require(try await alice.journalEntries(JournalListQuery(limit: 1)).nextCursor)
        #expect(try await alice.send("GET", "/api/v1/journal?hearted=true&cursor=\(cursor)").status == 400)
    }

    @Test func staleIfMatchIs412AndChangesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Draft", contents: "first words", date: "2026-04-01"))
        let renamed = try await alice.updateJournalEntry(entry.id, JournalPatch(title: "Walk"), expectedVersion: 1)
        #expect(renamed.version == 2 && renamed.contents == "first words")
        await expectServerError(412, "stale_version") {
            _ = try await alice.updateJournalEntry(entry.id, JournalPatch(title: "Run"), expectedVersion: 1)
        }
        #expect(try await alice.journalEntry(entry.id) == renamed)
        let badHeader = try await alice.send(
            "PATCH", Self.path(entry.id), body: Data(#"{"title":"x"}"#.utf8), headers: ["If-Match": "yesterday"])
        #expect(badHeader.status == 400)
        let withTime = try await alice.updateJournalEntry(entry.id, JournalPatch(time: .set("18:30")), expectedVersion: 2)
        let cleared = try await alice.updateJournalEntry(entry.id, JournalPatch(time: .clear), expectedVersion: 3)
        #expect(withTime.time == "18:30" && cleared.time == nil && cleared.version == 4)
        let answer = try await alice.send("GET", Self.path(entry.id))
        #expect(answer.headers["etag"] == "\"4\"")
    }

    @Test func anotherAccountSeesAndTouchesNothing() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let wish = try await alice.createWish(WishDraft(name: "Secret bike"))
        let entry = try await alice.createJournalEntry(
            JournalDraft(
                title: "Secret diary", contents: "오늘 자전거를 샀다", date: "2026-06-01", wishIDs: [wish.id], hearted: true))
        for (method, suffix, body) in [
            ("GET", "", nil), ("PATCH", "", #"{"title":"Mine now"}"#), ("DELETE", "", nil),
            ("PUT", "/heart", nil), ("DELETE", "/heart", nil)
        ] {
            let answer = try await bob.send(method, Self.path(entry.id) + suffix, body: body.map { Data($0.utf8) })
            #expect(answer.status == 404, "\(method) \(suffix)")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("journal entry"), "\(method) \(suffix)")
        }
        #expect(try await bob.send("GET", "/api/v1/wishes/\(wish.id.uuidString.lowercased())/journal").status == 404)
        #expect(try await bob.journalEntries().items.isEmpty)
        #expect(try await bob.journalEntries(JournalListQuery(hearted: true)).items.isEmpty)
        #expect(try await bob.search("Secret").journal.isEmpty)
        #expect(try await bob.search("자전거").journal.isEmpty)
        await expectServerError(400) {
            _ = try await bob.createJournalEntry(JournalDraft(title: "Hers?", date: "2026-06-01", wishIDs: [wish.id]))
        }
        // Alice's page cursor does not open Bob's view of her list.
        _ = try await alice.createJournalEntry(JournalDraft(title: "Second", date: "2026-06-02"))
        let cursor = try #require(try await alice.journalEntries(JournalListQuery(limit: 1)).nextCursor)
        #expect(try await bob.send("GET", "/api/v1/journal?limit=1&cursor=\(cursor)").status == 400)
        #expect(try await alice.journalEntry(entry.id) == entry)
    }

    @Test func searchFindsTwoSyllableKoreanWordsInsideSentences() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let bag = try await alice.createJournalEntry(
            JournalDraft(
                title: "장보기", contents: "오늘은 시장에서 새가방을 샀다. 정말 마음에 든다.", date: "2026-07-01"))
        let ride = try await alice.createJournalEntry(
            JournalDraft(
                title: "Morning biking", contents: "Up the hill before breakfast.", date: "2026-07-02"))
        _ = try await bob.createJournalEntry(JournalDraft(title: "Bob's 가방", date: "2026-07-03"))

        let found = try await alice.search("가방")
        #expect(found.journal.map(\.id) == [bag.id])
        #expect(try await alice.search("마음").journal.map(\.id) == [bag.id])
        #expect(try await alice.search("bik").journal.map(\.id) == [ride.id])
        #expect(try await alice.search("HILL breakfast").journal.map(\.id) == [ride.id])
        #expect(try await alice.search("hill 가방").journal.isEmpty)
        // Edits reach the index: the old words no longer find the entry, the new ones do.
        _ = try await alice.updateJournalEntry(bag.id, JournalPatch(contents: "우산을 잃어버렸다"))
        #expect(try await alice.search("가방").journal.isEmpty)
        #expect(try await alice.search("우산").journal.map(\.id) == [bag.id])
        try await alice.deleteJournalEntry(ride.id)
        #expect(try await alice.search("bik").journal.isEmpty)
        #expect(try await alice.recentSearches().prefix(3).map(\.query) == ["bik", "우산", "가방"])
        for hostile in [#""bike"#, "NEAR(a b)", "bi*", "-bike", "(((", "a OR b", "%"] {
            let answer = try await alice.send(
                "GET", WishlistClient.pathWithQuery("/api/v1/search", [URLQueryItem(name: "q", value: hostile)]))
            #expect(answer.status == 200, "\(hostile)")
        }
    }

    @Test func mentionsListTheEntriesOfAWishAndForgetDeletedWishes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bike = try await alice.createWish(WishDraft(name: "Bike"))
        let helmet = try await alice.createWish(WishDraft(name: "Helmet"))
        let got = try await alice.createJournalEntry(
            JournalDraft(
                title: "The day I finally got the bike", date: "2026-08-01", wishIDs: [bike.id, helmet.id, bike.id]))
        #expect(got.wishIDs == [bike.id, helmet.id])
        let rode = try await alice.createJournalEntry(JournalDraft(title: "First ride", date: "2026-08-02", wishIDs: [bike.id]))
        _ = try await alice.createJournalEntry(JournalDraft(title: "Unrelated", date: "2026-08-03"))

        #expect(try await Self.allPages(alice, JournalListQuery(mentioning: bike.id, limit: 1)).map(\.id) == [rode.id, got.id])
        #expect(try await alice.journalEntries(JournalListQuery(mentioning: helmet.id)).items.map(\.id) == [got.id])
        let reordered = try await alice.updateJournalEntry(got.id, JournalPatch(wishIDs: [helmet.id]))
        #expect(reordered.wishIDs == [helmet.id] && reordered.version == 2)
        #expect(try await alice.journalEntries(JournalListQuery(mentioning: bike.id)).items.map(\.id) == [rode.id])

        try await alice.deleteWish(helmet.id)
        #expect(try await alice.journalEntry(got.id).wishIDs == [])
        await expectServerError(404) { _ = try await alice.journalEntries(JournalListQuery(mentioning: helmet.id)) }
        await expectServerError(400) { _ = try await alice.updateJournalEntry(rode.id, JournalPatch(wishIDs: [helmet.id])) }
        #expect(try await alice.journalEntry(rode.id).wishIDs == [bike.id])
    }

    @Test func answersAreTheEncodersBytes() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(WishDraft(name: "가방"))
        let entry = try await alice.createJournalEntry(
            JournalDraft(
                title: "여행 \"big\" a/b \\ é", contents: "line\nnext\ttab \u{1} 👩‍👩‍👧 가방", date: "2026-09-09", time: "10:00",
                place: Place(name: "서울역", latitude: 37.554_722, longitude: 126.97, source: .search), wishIDs: [wish.id]))
        for (path, type) in [
            (WishlistClient.pathWithQuery("/api/v1/search", [URLQueryItem(name: "q", value: "가방")]), WishSearchResult.self),
            ("/api/v1/journal", Page<JournalEntry>.self), (Self.path(entry.id), JournalEntry.self)
        ] as [(String, any Codable.Type)] {
            let answer = try await alice.send("GET", path)
            #expect(answer.status == 200, "\(path)")
            let reencoded = try JSONCoding.encoder().encode(JSONCoding.decoder().decode(type, from: answer.body))
            #expect(answer.body == reencoded, "\(path): \(String(decoding: answer.body, as: UTF8.self))")
        }
    }

    @Test func entriesWithAPlaceAreOnTheirOwnMapLayerAndNearMe() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        func place(_ latitude: Double, _ longitude: Double) -> Place {
            Place(name: "Here", latitude: latitude, longitude: longitude, source: .device)
        }
        let seoul = try BoundingBox(minLongitude: 126.9, minLatitude: 37.5, maxLongitude: 127.1, maxLatitude: 37.6)
        let world = try BoundingBox(minLongitude: -180, minLatitude: -85, maxLongitude: 180, maxLatitude: 85)
        let palace = try await alice.createJournalEntry(JournalDraft(title: "Palace", date: "2026-04-01", place: place(37.5796, 126.977)))
        let station = try await alice.createJournalEntry(JournalDraft(title: "Station", date: "2026-04-02", place: place(37.56, 126.975)))
        let river = try await alice.createJournalEntry(JournalDraft(title: "River", date: "2026-04-03", place: place(37.5172, 127.0473)))
        let tokyo = try await alice.createJournalEntry(JournalDraft(title: "Tokyo", date: "2026-04-04", place: place(35.6762, 139.6503)))
        _ = try await alice.createJournalEntry(JournalDraft(title: "Nowhere", date: "2026-04-05"))
        let wish = try await alice.createWish(WishDraft(name: "Seoul wish", place: place(37.56, 127.0)))
        _ = try await bob.createJournalEntry(JournalDraft(title: "Bob in Seoul", date: "2026-04-01", place: place(37.57, 126.98)))

        #expect(Set(try await alice.journalMarkers(seoul).markers.map(\.id)) == [palace.id, station.id, river.id])
        #expect(try await alice.journalMarkers(world).markers.count == 4)
        // The wishes' map is as it was: its markers are wishes only.
        #expect(try await alice.mapMarkers(seoul).markers.map(\.id) == [wish.id])

        let origin = try NearQuery(latitude: 37.5665, longitude: 126.978, limit: 2)
        var near: [NearbyJournalEntry] = []
        var query = origin
        while true {
            let page = try await alice.journalEntriesNear(query)
            near += page.items
            guard let cursor = page.nextCursor else { break }
            query.cursor = cursor
        }
        #expect(near.map(\.entry.id) == [station.id, palace.id, river.id, tokyo.id])
        #expect(near.map(\.distanceMeters) == near.map(\.distanceMeters).sorted())
        #expect((500...1_000).contains(near[0].distanceMeters))

        // Moving, clearing and deleting reach the map.
        _ = try await alice.updateJournalEntry(palace.id, JournalPatch(place: .set(place(35.68, 139.65))))
        _ = try await alice.updateJournalEntry(river.id, JournalPatch(place: .clear))
        try await alice.deleteJournalEntry(station.id)
        #expect(try await alice.journalMarkers(seoul).markers.isEmpty)
        #expect(Set(try await alice.journalEntriesNear(origin).items.map(\.entry.id)) == [tokyo.id, palace.id])

        // Another account's entries are on no map and near nobody else.
        #expect(try await bob.journalMarkers(world).markers.count == 1)
        #expect(try await bob.journalEntriesNear(origin).items.map(\.entry.title) == ["Bob in Seoul"])
        for bad in ["bbox=1,2,3", "bbox=0,0,1,1&zoom=30"] {
            #expect(try await alice.send("GET", "/api/v1/journal/markers?\(bad)").status == 400, "\(bad)")
        }
        for bad in ["lat=91&lng=0", "lat=1", "lat=1&lng=2&cursor=garbage", "lat=1&lng=2&limit=0"] {
            #expect(try await alice.send("GET", "/api/v1/journal/near?\(bad)").status == 400, "\(bad)")
        }
    }

    @Test func aCrowdedBoxAnswersClustersThatCountEveryEntry() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let count = MapMarkers.markerLimit + 20
        for index in 0..<count {
            _ = try await alice.createJournalEntry(
                JournalDraft(
                    title: "Walk \(index)", date: "2026-05-01",
                    place: Place(
                        name: "Park", latitude: 37.5 + Double(index % 40) / 1_000, longitude: 127 + Double(index / 40) / 1_000,
                        source: .device)))
        }
        let world = try BoundingBox(minLongitude: -180, minLatitude: -85, maxLongitude: 180, maxLatitude: 85)
        let answer = try await alice.journalMarkers(world, zoom: 3)
        #expect(answer.markers.isEmpty)
        #expect(answer.clusters.map(\.count).reduce(0, +) == count)
    }
}
