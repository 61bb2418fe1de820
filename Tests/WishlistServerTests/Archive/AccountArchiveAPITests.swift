import Archive
import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistServer
import WishlistURLSession

/// `GET /api/v1/export` and `POST /api/v1/import` (X6): a round trip between two servers,
/// a second import, hostile archives over HTTP, and each account seeing only its own.
@Suite struct AccountArchiveAPITests {
    /// Alice's account: two wishes (one with two photos, one edited), an entry mentioning one.
    static func fill(_ alice: WishlistClient) async throws -> [Wish] {
        let photos = try await alice.uploadPhotos([
            WishlistClient.PhotoFile(filename: "a.jpg", data: try TestPhotos.photo("gps/DSCN0010.jpg")),
            WishlistClient.PhotoFile(filename: "b.jpg", data: try TestPhotos.photo("camera/canon-40d.jpg"))
        ]).items
        _ = try await alice.editPhoto(photos[1].id, PhotoEditRequest(crop: nil, rotate: 180))
        let bag = try await alice.createWish(WishDraft(name: "Bag", tags: ["gift"], photoIDs: photos.map(\.id), favorite: true))
        let tea = try await alice.createWish(WishDraft(name: "Tea set", memo: "celadon"))
        _ = try await alice.createJournalEntry(JournalDraft(title: "Market", date: "2026-11-30", wishIDs: [tea.id]))
        return [try await alice.wish(bag.id), try await alice.wish(tea.id)]
    }

    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("archive-api-\(UUID())-\(name)")
    }

    /// A file of this side that cannot be used is said as it is, not as a server out of reach, and
    /// an export that could not be saved leaves nothing behind: by libcurl (the CLI's transport)
    /// and by URLSession (an app's).
    @Test(arguments: [false, true])
    func aFileThatCannotBeWrittenOrReadIsNamed(byURLSession: Bool) async throws {
        let server = try TestServer()
        var alice = try await server.signedInAdmin()
        if byURLSession {
            let signedIn = alice.sessionToken
            alice = WishlistClient(baseURL: server.baseURL, transport: URLSessionTransport())
            alice.sessionToken = signedIn
        }
        let folder = temporaryFile("missing-folder")
        let destination = folder.appendingPathComponent("export.zip")
        await #expect {
            try await alice.exportArchive(to: destination)
        } throws: { error in
            Self.isLocalFileError(error, at: destination)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))

        let absent = temporaryFile("absent.zip")
        await #expect {
            _ = try await alice.importArchive(from: absent)
        } throws: { error in
            Self.isLocalFileError(error, at: absent)
        }
        #expect(try await alice.wishes().items.isEmpty)

        // The same client saves and sends a real archive.
        _ = try await alice.createWish(WishDraft(name: "Kite"))
        let saved = temporaryFile("saved.zip")
        defer { try? FileManager.default.removeItem(at: saved) }
        try await alice.exportArchive(to: saved)
        #expect(try Data(contentsOf: saved).prefix(2) == Data("PK".utf8))
        #expect(try await alice.importArchive(from: saved).skipped["wishes"] == 1)
    }

    /// Whether `error` says the file at `url` could not be used (each transport in its own words).
    static func isLocalFileError(_ error: any Error, at url: URL) -> Bool {
        guard case .localFile(let path, let reason) = error as? WishlistTransportError else { return false }
        return path == url.path && !reason.isEmpty
    }

    @Test func exportsAnAttachmentThatAnotherServerImportsWhole() async throws {
        let first = try TestServer()
        let alice = try await first.signedInAdmin()
        let wishes = try await Self.fill(alice)

        let answer = try await alice.send("GET", "/api/v1/export")
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/zip")
        #expect(answer.headers["content-disposition"] == "attachment; filename=\"wishlist-2027-01-15.zip\"")
        #expect(answer.headers["transfer-encoding"] == "chunked", "streamed as it is written")
        #expect(answer.body.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))

        let file = temporaryFile("export.zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try await alice.exportArchive(to: file)

        let second = try TestServer()
        let bob = try await second.signedInAdmin(username: "bob")
        let report = try await bob.importArchive(from: file)
        #expect(report.imported == ["wishes": 2, "journalEntries": 1, "photos": 2, "gifFavorites": 0, "recentSearches": 0])
        #expect(report.refused.isEmpty)
        for wish in wishes {
            #expect(try await bob.wish(wish.id) == wish)
            for photo in wish.photos {
                for size in Photo.Size.allCases {
                    #expect(try await bob.photoFile(photo.id, size: size).body == alice.photoFile(photo.id, size: size).body)
                }
            }
        }
        #expect(try await bob.journalEntries().items == alice.journalEntries().items)

        let again = try await bob.importArchive(from: file)
        #expect(again.imported.values.allSatisfy { $0 == 0 })
        #expect(again.skipped == ["wishes": 2, "journalEntries": 1, "photos": 2, "gifFavorites": 0, "recentSearches": 0])
    }

    @Test func eachAccountExportsOnlyItsOwnAndAnothersArchiveMovesInUnderNewIDs() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let wishes = try await Self.fill(alice)
        let carol = try await server.signedInUser("carol")
        _ = try await carol.createWish(WishDraft(name: "Carol's own"))

        _ = try await alice.search("marigold")
        let searched = try await alice.recentSearches()
        #expect(searched.map(\.query) == ["marigold"])

        // Every entry of Carol's archive, inflated (its JSON is deflated), holds her own and none of Alice's.
        let file = temporaryFile("carol.zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try await carol.exportArchive(to: file)
        let reader = try ArchiveReader(
            path: file.path,
            limits: .init(
                maximumEntries: 100, maximumEntryBytes: 64 << 20, maximumTotalBytes: 256 << 20))
        var inflated = Data()
        while try reader.nextEntry() != nil { inflated += try reader.readData() }
        #expect(inflated.firstRange(of: Data("Carol's own".utf8)) != nil)
        let journal = try await alice.journalEntries().items
        let alicesIDs = wishes.map(\.id) + wishes.flatMap(\.photos).map(\.id) + journal.map(\.id)
        let alicesTexts = alicesIDs.map { $0.uuidString.lowercased() } + ["Bag", "Tea set", "celadon", "Market", "marigold"]
        for text in alicesTexts {
            #expect(inflated.firstRange(of: Data(text.utf8)) == nil, "Carol's export holds Alice's \(text)")
        }

        let alices = temporaryFile("alice.zip")
        defer { try? FileManager.default.removeItem(at: alices) }
        try await alice.exportArchive(to: alices)
        let report = try await carol.importArchive(from: alices)
        #expect(report.imported["wishes"] == wishes.count && report.imported["journalEntries"] == 1)
        #expect(report.imported["recentSearches"] == 1 && report.refused.isEmpty)
        // Carol has copies under ids of her own; Alice's records are untouched and still hers alone.
        let carols = try await carol.wishes().items
        #expect(Set(carols.map(\.name)) == Set(wishes.map(\.name) + ["Carol's own"]))
        #expect(Set(carols.map(\.id)).isDisjoint(with: alicesIDs))
        let carolsEntry = try #require(try await carol.journalEntries().items.first)
        #expect(carolsEntry.id != journal[0].id)
        #expect(Set(carolsEntry.wishIDs).isSubset(of: carols.map(\.id)) && carolsEntry.wishIDs.count == journal[0].wishIDs.count)
        for wish in carols where !wish.photos.isEmpty {
            #expect(try await carol.photoFile(wish.photos[0].id, size: .thumb).body.starts(with: [0xFF, 0xD8]))
            await #expect(throws: (any Error).self) { _ = try await alice.photoFile(wish.photos[0].id, size: .thumb) }
        }
        #expect(try await alice.wish(wishes[0].id) == wishes[0])
        #expect(try await alice.wishes().items.count == wishes.count)
    }

    @Test func signedOutIsRefused() async throws {
        let server = try TestServer()
        _ = try await server.signedInAdmin()
        let anonymous = server.client()
        #expect(try await anonymous.send("GET", "/api/v1/export").status == 401)
        #expect(try await anonymous.send("POST", "/api/v1/import", body: Data("PK".utf8), contentType: "application/zip").status == 401)
    }

    @Test func badArchivesAreRefusedWithAClearErrorAndChangeNothing() async throws {
        let server = try TestServer { $0.rateLimits[.imports] = 100 }
        let alice = try await server.signedInAdmin()
        _ = try await alice.createWish(WishDraft(name: "Before"))
        let before = try await alice.wishes().items

        let cases: [(Data, String, Int, String)] = [
            (Data("name,link\nbag,\n".utf8), "application/zip", 422, "unreadable_archive"),
            (Self.zip([("../escape.json", Data("{}".utf8))]), "application/zip", 422, "unsafe_archive"),
            (Self.zip([("/etc/cron.d/x", Data("{}".utf8))]), "application/zip", 422, "unsafe_archive"),
            (
                Self.zip([("manifest.json", Data(#"{"format":"wishlist-account-export","version":9}"#.utf8))]),
                "application/zip", 422, "unsupported_archive_version"
            ),
            (Self.zip([("wishes.jsonl", Data("{}\n".utf8))]), "application/zip", 422, "invalid_archive"),
            (Data(), "application/zip", 400, "empty_archive"),
            (Self.zip([("manifest.json", Data("{}".utf8))]), "application/json", 415, "unsupported_media_type")
        ]
        for (body, type, status, code) in cases {
            let answer = try await alice.send("POST", "/api/v1/import", body: body, contentType: type)
            #expect(answer.status == status, "\(code)")
            let error = try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: Any]]
            #expect(error?["error"]?["code"] as? String == code)
            #expect((error?["error"]?["message"] as? String)?.isEmpty == false)
        }
        #expect(try await alice.wishes().items == before)
        let staging = server.dataDirectory.appendingPathComponent("media/staging").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: staging).isEmpty, "nothing left unpacked")
    }

    @Test func importsAreRateLimited() async throws {
        let server = try TestServer { $0.rateLimits[.imports] = 2 }
        let alice = try await server.signedInAdmin()
        for _ in 0..<2 {
            #expect(try await alice.send("POST", "/api/v1/import", body: Data("x".utf8), contentType: "application/zip").status == 422)
        }
        let answer = try await alice.send("POST", "/api/v1/import", body: Data("x".utf8), contentType: "application/zip")
        #expect(answer.status == 429)
        #expect(answer.headers["retry-after"] != nil)
    }

    /// A zip with these entries, made by Python's zipfile: a writer that is not ours, which writes
    /// whatever name it is given.
    static func zip(_ entries: [(String, Data)]) -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var arguments: [String] = []
        for (index, (name, data)) in entries.enumerated() {
            let file = folder.appendingPathComponent("\(index)")
            try? data.write(to: file)
            arguments += [name, file.path]
        }
        let output = folder.appendingPathComponent("out.zip").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                "-c",
                """
                import sys, zipfile
                with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                    pairs = sys.argv[2:]
                    for name, path in zip(pairs[0::2], pairs[1::2]):
                        z.writestr(name, open(path, 'rb').read())
                """, output
            ] + arguments
        try? process.run()
        process.waitUntilExit()
        return (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
    }
}
