import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl
import WishlistServer

/// D4: nothing written to the journal is lost when the server restarts.
@Suite struct JournalRestartTests {
    @Test func everyEntryReadsBackByteForByteAfterARestart() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let wish = try await alice.createWish(WishDraft(name: "Camera"))
        let photos = try await alice.uploadPhotos(
            ["camera/canon-40d.jpg", "gps/DSCN0012.jpg"].map {
                WishlistClient.PhotoFile(filename: $0, data: try TestPhotos.photo($0))
            }
        ).items
        var entries: [JournalEntry] = []
        for day in 1...7 {
            entries.append(
                try await alice.createJournalEntry(
                    JournalDraft(
                        title: "Day \(day) 일기", contents: "사진을 찍었다 \(day)\nsecond line", date: "2026-10-0\(day)",
                        time: day.isMultiple(of: 2) ? "08:1\(day)" : nil,
                        place: day == 3 ? Place(name: "Jeonju", latitude: 35.82, longitude: 127.15, source: .search) : nil,
                        photoIDs: day == 2 ? [photos[1].id, photos[0].id] : [],
                        wishIDs: day.isMultiple(of: 3) ? [wish.id] : [], hearted: day.isMultiple(of: 2))))
            server.clock.advance(by: 60)
        }
        _ = try await alice.updateJournalEntry(entries[0].id, JournalPatch(title: "Edited before the restart"))
        try await alice.deleteJournalEntry(entries[6].id)
        let paths =
            [
                "/api/v1/journal?limit=3", "/api/v1/journal?limit=100", "/api/v1/journal?hearted=true",
                "/api/v1/wishes/\(wish.id.uuidString.lowercased())/journal",
                WishlistClient.pathWithQuery("/api/v1/search", [URLQueryItem(name: "q", value: "사진")])
            ] + entries.map { "/api/v1/journal/\($0.id.uuidString.lowercased())" }
            + photos.flatMap { [$0.urls.thumb, $0.urls.large, $0.urls.original] }
        var before: [String: (Int, Data)] = [:]
        for path in paths {
            let answer = try await alice.send("GET", path)
            before[path] = (answer.status, answer.body)
        }

        try server.application.stop()
        var settings = server.application.settings
        settings.port = 0
        let restarted = try WishlistApplication(settings: settings)
        try restarted.start()
        defer { try? restarted.stop() }
        let again = WishlistClient(baseURL: URL(string: "http://127.0.0.1:\(restarted.port)")!)
        again.sessionToken = alice.sessionToken

        for path in paths {
            let answer = try await again.send("GET", path)
            #expect(answer.status == before[path]?.0, "\(path)")
            #expect(answer.body == before[path]?.1, "\(path): \(String(decoding: answer.body.prefix(200), as: UTF8.self))")
        }
        #expect(try await again.journalEntries(JournalListQuery(limit: 100)).items.count == 6)
    }
}
