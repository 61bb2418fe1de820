import Foundation
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer

/// Photos on journal entries (D3): the same photos as wishes have, each on one record at most,
/// let go and deleted with their files like a wish's.
@Suite struct JournalPhotosAPITests {
    let server: TestServer
    let alice: WishlistClient

    init() async throws {
        server = try TestServer()
        alice = try await server.signedInAdmin()
    }

    func upload(_ client: WishlistClient, _ paths: [String]) async throws -> [Photo] {
        try await client.uploadPhotos(paths.map { WishlistClient.PhotoFile(filename: $0, data: try TestPhotos.photo($0)) }).items
    }

    var renditionFolders: Set<String> {
        Set(
            (try? FileManager.default.contentsOfDirectory(
                atPath: server.dataDirectory.appendingPathComponent("media/renditions").path)) ?? [])
    }

    var originalCount: Int {
        let folder = server.dataDirectory.appendingPathComponent("media/originals").path
        return ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { $0.contains("/") }.count
    }

    /// The `error.field` of a 400 answer to a raw request.
    func refusedField(_ client: WishlistClient, _ method: String, _ path: String, _ body: String) async throws -> String? {
        let answer = try await client.send(method, path, body: Data(body.utf8))
        #expect(answer.status == 400, "\(method) \(path) \(body.prefix(80)): \(answer.status)")
        let error = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: String]]
        return error?["error"]?["field"]
    }

    static func ids(_ photos: [Photo]) -> String {
        "[" + photos.map { "\"\($0.id.uuidString.lowercased())\"" }.joined(separator: ",") + "]"
    }

    @Test func photosKeepTheirOrderAndThoseDroppedGoWithTheirFiles() async throws {
        let photos = try await upload(alice, ["camera/canon-40d.jpg", "gps/DSCN0012.jpg", "gps/DSCN0021.jpg"])
        #expect(originalCount == 3)
        var entry = try await alice.createJournalEntry(
            JournalDraft(title: "Two photos", date: "2026-05-01", photoIDs: [photos[1].id, photos[0].id]))
        #expect(entry.photos == [photos[1], photos[0]], "the same Photo as the upload answered")
        #expect(try await alice.journalEntry(entry.id).photos.map(\.id) == [photos[1].id, photos[0].id])
        #expect(try await alice.journalEntries().items.first?.photos.map(\.id) == [photos[1].id, photos[0].id])

        entry = try await alice.updateJournalEntry(entry.id, JournalPatch(photoIDs: [photos[0].id, photos[2].id]), expectedVersion: 1)
        #expect(entry.photos.map(\.id) == [photos[0].id, photos[2].id])
        #expect(entry.version == 2)
        await expectServerError(404) { _ = try await alice.photo(photos[1].id) }
        #expect(try await alice.send("GET", photos[1].urls.thumb).status == 404)
        #expect(renditionFolders == Set([photos[0].id, photos[2].id].map { $0.uuidString.lowercased() }))
        #expect(originalCount == 2, "the dropped photo's original is gone too")
        await expectServerError(409, "photo_in_use") { try await alice.deletePhoto(photos[0].id) }

        // Patching the same photos again changes nothing.
        #expect(try await alice.updateJournalEntry(entry.id, JournalPatch(photoIDs: [photos[0].id, photos[2].id])) == entry)

        try await alice.deleteJournalEntry(entry.id)
        for photo in photos { await expectServerError(404) { _ = try await alice.photo(photo.id) } }
        #expect(renditionFolders.isEmpty)
        #expect(originalCount == 0)
    }

    @Test func tenPhotosFitAndAnEleventhIsRefused() async throws {
        let photos = try await upload(alice, Array(repeating: "camera/canon-40d.jpg", count: 11))
        let ten = Array(photos.prefix(10))
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Ten", date: "2026-05-02", photoIDs: ten.map(\.id)))
        #expect(entry.photos.map(\.id) == ten.map(\.id))

        let eleven = #"{"title":"Eleven","date":"2026-05-02","photoIds":\#(Self.ids(photos))}"#
        #expect(try await refusedField(alice, "POST", "/api/v1/journal", eleven) == "photoIds")
        #expect(try await refusedField(alice, "PATCH", JournalAPITests.path(entry.id), #"{"photoIds":\#(Self.ids(photos))}"#) == "photoIds")
        #expect(try await alice.journalEntry(entry.id) == entry)
        #expect(try await alice.journalEntries().items.map(\.id) == [entry.id])
        try await alice.deletePhoto(photos[10].id)  // on no record: refused requests put it nowhere
    }

    @Test func aPhotoIsOnOneRecordOfItsOwnerOnly() async throws {
        let bob = try await server.signedInUser("bob")
        let photos = try await upload(alice, ["camera/canon-40d.jpg", "gps/DSCN0012.jpg", "gps/DSCN0021.jpg"])
        let bobsPhoto = try await upload(bob, ["camera/canon-40d.jpg"])[0]
        let wish = try await alice.createWish(WishDraft(name: "Camera", photoIDs: [photos[0].id]))
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Trip", date: "2026-05-03", photoIDs: [photos[1].id]))
        let other = try await alice.createJournalEntry(JournalDraft(title: "Other", date: "2026-05-04"))

        let taken: [(Photo, String)] = [
            (photos[0], "on a wish"), (photos[1], "on another entry"), (bobsPhoto, "another account's")
        ]
        for (photo, why) in taken {
            let ids = Self.ids([photo])
            #expect(
                try await refusedField(alice, "POST", "/api/v1/journal", #"{"title":"x","date":"2026-05-05","photoIds":\#(ids)}"#)
                    == "photoIds", "\(why)")
            #expect(
                try await refusedField(alice, "PATCH", JournalAPITests.path(other.id), #"{"photoIds":\#(ids)}"#)
                    == "photoIds", "\(why)")
        }
        let unknown = "[\"\(UUID().uuidString.lowercased())\"]"
        #expect(try await refusedField(alice, "PATCH", JournalAPITests.path(other.id), #"{"photoIds":\#(unknown)}"#) == "photoIds")
        // And the other way round: a photo on an entry cannot go on a wish.
        #expect(
            try await refusedField(alice, "POST", "/api/v1/wishes", #"{"name":"x","photoIds":\#(Self.ids([photos[1]]))}"#)
                == "photoIds")
        let wishPath = "/api/v1/wishes/\(wish.id.uuidString.lowercased())"
        #expect(try await refusedField(alice, "PATCH", wishPath, #"{"photoIds":\#(Self.ids([photos[0], photos[1]]))}"#) == "photoIds")

        // Nothing moved: every photo is where it was, and a free one still goes on an entry.
        #expect(try await alice.wish(wish.id) == wish)
        #expect(try await alice.journalEntry(entry.id) == entry)
        #expect(try await alice.journalEntry(other.id).photos.isEmpty)
        #expect(try await bob.photo(bobsPhoto.id) == bobsPhoto)
        #expect(try await alice.updateJournalEntry(other.id, JournalPatch(photoIDs: [photos[2].id])).photos.map(\.id) == [photos[2].id])
        await expectServerError(409, "photo_in_use") { try await alice.deletePhoto(photos[1].id) }
    }

    @Test func editingAPhotoOnAnEntryBumpsTheEntrysVersion() async throws {
        let photo = try await upload(alice, ["camera/canon-40d.jpg"])[0]
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Edit me", date: "2026-05-06", photoIDs: [photo.id]))
        let edited = try await alice.editPhoto(photo.id, PhotoEditRequest(crop: nil, rotate: 90))
        #expect((edited.width, edited.height) == (photo.height, photo.width))
        let after = try await alice.journalEntry(entry.id)
        #expect(after.version == entry.version + 1)
        #expect(after.photos == [edited])
        await expectServerError(412, "stale_version") {
            _ = try await alice.updateJournalEntry(entry.id, JournalPatch(title: "Stale"), expectedVersion: entry.version)
        }
        let reset = try await alice.resetPhoto(photo.id)
        #expect(try await alice.journalEntry(entry.id).version == entry.version + 2)
        #expect(try await alice.journalEntry(entry.id).photos == [reset])
    }

    /// Hourly housekeeping and start-up tidying delete day-old uploads on no record: photos on
    /// entries are on one.
    @Test func housekeepingAfterADayKeepsPhotosOnEntries() async throws {
        let photos = try await upload(alice, ["gps/DSCN0012.jpg", "gps/DSCN0021.jpg", "camera/canon-40d.jpg"])
        let (abandoned, onEntry, onWish) = (photos[0], photos[1], photos[2])
        let entry = try await alice.createJournalEntry(JournalDraft(title: "Kept", date: "2026-05-07", photoIDs: [onEntry.id]))
        _ = try await alice.createWish(WishDraft(name: "Kept too", photoIDs: [onWish.id]))

        server.clock.advance(by: 25 * 3600)
        server.application.housekeeping.tidy()
        #expect(renditionFolders == Set([onEntry.id, onWish.id].map { $0.uuidString.lowercased() }))
        await expectServerError(404) { _ = try await alice.photo(abandoned.id) }
        #expect(try await alice.journalEntry(entry.id) == entry)
        #expect(try await alice.send("GET", onEntry.urls.large).status == 200)

        try server.application.stop()
        var settings = server.application.settings
        settings.port = 0
        let restarted = try WishlistApplication(settings: settings)
        defer { try? restarted.stop() }
        #expect(renditionFolders == Set([onEntry.id, onWish.id].map { $0.uuidString.lowercased() }))
        #expect(try restarted.store.journal.get(entry.id, owner: UserKey(1)) == entry)
    }
}
