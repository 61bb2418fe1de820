import Archive
import Foundation
import Imaging
import PostgreSQL
import SQLite
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Export and import without HTTP: an account's every kind of record and photo file out and back
/// in, field by field and byte by byte; a second import; records moving in from another account of
/// the same server under new ids; archives refused
/// whole, leaving nothing behind; and, on both engines, an import refused as a conflict when
/// another write changes the account while the archive is checked.
@Suite struct AccountArchiveTests {
    let source: TestStore
    let sourceLibrary: PhotoLibrary
    let alice: UserKey
    let target: TestStore
    let targetLibrary: PhotoLibrary
    let bob: UserKey

    init() throws {
        source = try TestStore()
        sourceLibrary = try PhotoLibrary(store: source.store, folder: source.directory.appending(path: "media").path)
        alice = try source.addUser("alice")
        target = try TestStore()
        targetLibrary = try PhotoLibrary(store: target.store, folder: target.directory.appending(path: "media").path)
        _ = try target.addUser("someone-first")
        bob = try target.addUser("bob")
    }

    /// Alice's account with one of everything: tags, places, prices, a spot link, photos (one
    /// original twice, one edited, one animated), an entry with a photo, a place and mentions,
    /// GIF favorites and recent searches.
    @discardableResult
    func fillAlicesAccount() throws -> (wishes: [Wish], entry: JournalEntry) {
        let at = { (ms: Int64) in Date(millisecondsSince1970: 1_764_000_000_000 + ms) }
        let photos = try sourceLibrary.add(
            [
                .file(path: PhotoLibraryTests.path("gps/DSCN0010.jpg")), .file(path: PhotoLibraryTests.path("gps/DSCN0010.jpg")),
                .file(path: PhotoLibraryTests.path("orientation/portrait_6.jpg")),
                .bytes(try #require(Data(base64Encoded: Animations.gif)))
            ],
            owner: alice, now: at(1))
        let edited = try sourceLibrary.edit(
            photos[1].id, PhotoEditRequest(crop: Photo.Crop(x: 10, y: 20, width: 100, height: 80), rotate: 90), owner: alice)
        #expect(edited.edit != nil)
        let seoul = Place(name: "Gyeongbokgung", address: "Sajik-ro 161, Seoul", latitude: 37.5796, longitude: 126.977, source: .search)
        var bag = try source.wishes.create(
            WishDraft(
                name: "Leather bag", memo: "the brown one\nsecond line", link: "https://shop.example/bag",
                tags: ["Gift", "leather"], place: seoul, photoIDs: [photos[1].id, photos[0].id, photos[3].id], favorite: true),
            owner: alice, now: at(10))
        bag = try source.wishes.recordPrice(Decimal(string: "129000")!, currency: "KRW", on: bag.id, owner: alice, now: at(20))
        bag = try source.wishes.recordPrice(Decimal(string: "119000.50")!, currency: "KRW", on: bag.id, owner: alice, now: at(30))
        bag = try sourceLibrary.update(\.wishes, bag.id, owner: alice, with: WishPatch(name: "Leather bag, brown"), now: at(40))
        let plain = try source.wishes.create(WishDraft(name: "한복 대여"), owner: alice, now: at(50))
        let fromSpot = try source.wishes.create(WishDraft(name: "BTS mural", tags: ["kpop"]), owner: alice, now: at(60))
        try source.store.pool.write { db in
            try db.run(
                "INSERT INTO spot_wishes (owner_id, spot_uuid, wish_id) SELECT ?, ?, id FROM wishes WHERE uuid = ?",
                [alice.rawValue, "0b9d6c55-3f27-4d6f-9d3e-2c6f0d1e8a01", fromSpot.id.lowercasedString])
        }
        let entry = try source.store.journal.create(
            JournalDraft(
                title: "Palace day", contents: "Walked around.", date: "2026-11-20", time: "14:30", place: seoul,
                photoIDs: [photos[2].id], wishIDs: [plain.id, bag.id], hearted: true),
            owner: alice, now: at(70))
        for (index, id) in ["abc123", "xyz789"].enumerated() {
            let image = Gif.Image(url: "https://media.giphy.com/media/\(id)/giphy.gif", width: 200, height: 150)
            try source.store.gifFavorites.add(
                Gif(
                    id: id, title: "Fun \(id)", rating: "g", url: "https://giphy.com/gifs/\(id)",
                    images: .init(preview: image, still: image, original: image)),
                owner: alice, now: at(80 + Int64(index)))
        }
        try source.recentSearches.record("bag", owner: alice, now: at(90))
        try source.recentSearches.record("hanbok rental", owner: alice, now: at(91))
        return ([try #require(try source.wishes.get(bag.id, owner: alice)), plain, fromSpot], entry)
    }

    func export(owner: UserKey) throws -> String {
        var archive = Data()
        try AccountExporter(library: sourceLibrary).export(owner: owner, now: Date(millisecondsSince1970: 1_764_500_000_000)) {
            archive.append(contentsOf: $0)
        }
        let path = source.directory.appending(path: "export-\(UUID()).zip").path
        try archive.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every row the account has of each kind, as the store reads them.
    func snapshot(_ store: TestStore, _ owner: UserKey) throws -> [String] {
        try store.store.pool.read { db in
            var rows: [String] = []
            for sql in [
                "SELECT uuid, name, name_key, memo, link, place_name, place_address, place_latitude, place_longitude, place_source, tags, favorite, created_at, updated_at, version FROM wishes WHERE owner_id = ? ORDER BY uuid",
                "SELECT w.uuid, p.amount, p.currency, p.seen_at FROM wish_prices p JOIN wishes w ON w.id = p.wish_id WHERE w.owner_id = ? ORDER BY w.uuid, p.seen_at",
                "SELECT tag_key, name, count FROM tags WHERE owner_id = ? ORDER BY tag_key",
                "SELECT s.spot_uuid, w.uuid FROM spot_wishes s JOIN wishes w ON w.id = s.wish_id WHERE s.owner_id = ?",
                "SELECT uuid, sha256, format, original_width, original_height, width, height, crop_x, crop_y, crop_width, crop_height, rotate, revision, taken_at, gps_latitude, gps_longitude, frame_count, created_at, position, (SELECT uuid FROM wishes WHERE id = wish_id), (SELECT uuid FROM journal_entries WHERE id = entry_id) FROM photos WHERE owner_id = ? ORDER BY uuid",
                "SELECT uuid, title, contents, day, time, hearted, place_name, place_latitude, created_at, updated_at, version FROM journal_entries WHERE owner_id = ? ORDER BY uuid",
                "SELECT e.uuid, w.uuid, m.position FROM journal_mentions m JOIN journal_entries e ON e.id = m.entry_id JOIN wishes w ON w.id = m.wish_id WHERE e.owner_id = ? ORDER BY e.uuid, m.position",
                "SELECT gif_id, gif, favorited_at FROM gif_favorites WHERE owner_id = ? ORDER BY gif_id",
                "SELECT uuid, query, query_key, searched_at FROM recent_searches WHERE owner_id = ? ORDER BY uuid"
            ] {
                try db.forEach(sql, [owner.rawValue]) { row in
                    rows.append(try row.columnNames.indices.map { String(describing: try row[$0] as SQLiteValue) }.joined(separator: "|"))
                }
                rows.append("--")
            }
            return rows
        }
    }

    func photoFiles(_ library: PhotoLibrary, _ owner: UserKey, _ store: TestStore) throws -> [String: Data] {
        let ids: [String] = try store.store.pool.read { db in
            try db.query("SELECT uuid FROM photos WHERE owner_id = ?", [owner.rawValue]).map { try $0["uuid"] }
        }
        var files: [String: Data] = [:]
        for id in ids {
            for size in Photo.Size.allCases {
                let media = try library.media(UUID(uuidString: id)!, size: size, owner: owner)
                files["\(id)/\(size.rawValue)"] = try Data(contentsOf: URL(fileURLWithPath: media.path))
            }
        }
        return files
    }

    /// Every file under the media folder, but the empty `staging/`.
    func mediaFiles(_ library: PhotoLibrary) -> [String] {
        let root = library.files.root.path
        return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    // MARK: Round trip

    @Test func aRoundTripKeepsEveryFieldAndEveryByte() throws {
        let (wishes, entry) = try fillAlicesAccount()
        let archive = try export(owner: alice)
        let report = try AccountImporter(library: targetLibrary).importArchive(at: archive, owner: bob)
        #expect(report.imported == ["wishes": 3, "journalEntries": 1, "photos": 4, "gifFavorites": 2, "recentSearches": 2])
        #expect(report.skipped.values.allSatisfy { $0 == 0 })
        #expect(report.refused.isEmpty)

        for wish in wishes {
            #expect(try target.wishes.get(wish.id, owner: bob) == wish)
        }
        #expect(try target.store.journal.get(entry.id, owner: bob) == source.store.journal.get(entry.id, owner: alice))
        #expect(try target.store.gifFavorites.list(owner: bob) == source.store.gifFavorites.list(owner: alice))
        #expect(try target.recentSearches.list(owner: bob) == source.recentSearches.list(owner: alice))
        #expect(try target.wishes.tagCounts(owner: bob) == source.wishes.tagCounts(owner: alice))
        #expect(try snapshot(target, bob) == snapshot(source, alice))
        #expect(try photoFiles(targetLibrary, bob, target) == photoFiles(sourceLibrary, alice, source))
        // The indexes were made too: search finds names, tags and memo words; the map finds the place.
        let found = try target.wishes.search("leather", owner: bob)
        #expect(found.byName.map(\.id) == [wishes[0].id] && found.byTag.map(\.id) == [wishes[0].id])
        #expect(try target.wishes.search("brown", owner: bob).byText.map(\.id) == [wishes[0].id])
        #expect(try target.store.journal.search(SearchQuery(text: "palace"), owner: bob).items.map(\.id) == [entry.id])
        let near = try target.wishes.near(NearQuery(latitude: 37.58, longitude: 126.98), owner: bob)
        #expect(near.items.map(\.wish.id) == [wishes[0].id])
        #expect(try target.store.pool.read { db in try db.query("PRAGMA integrity_check").map { try $0[0] as String } } == ["ok"])
    }

    @Test func importingTheSameArchiveTwiceChangesNothingTheSecondTime() throws {
        try fillAlicesAccount()
        let archive = try export(owner: alice)
        let importer = AccountImporter(library: targetLibrary)
        _ = try importer.importArchive(at: archive, owner: bob)
        let rows = try snapshot(target, bob)
        let files = mediaFiles(targetLibrary)
        let writes = target.store.writeCount
        let second = try importer.importArchive(at: archive, owner: bob)
        #expect(second.imported.values.allSatisfy { $0 == 0 })
        #expect(second.skipped == ["wishes": 3, "journalEntries": 1, "photos": 4, "gifFavorites": 2, "recentSearches": 2])
        #expect(second.refused.isEmpty)
        #expect(try snapshot(target, bob) == rows)
        #expect(mediaFiles(targetLibrary) == files)
        #expect(target.store.writeCount == writes + 1, "one transaction that wrote no row")
    }

    @Test func recordsOfAnotherAccountMoveInUnderNewIDsWithTheirLinks() throws {
        let (wishes, entry) = try fillAlicesAccount()
        let archive = try export(owner: alice)
        let before = try snapshot(source, alice)
        let alicesFiles = try photoFiles(sourceLibrary, alice, source)
        let carol = try source.addUser("carol")
        let importer = AccountImporter(library: sourceLibrary)
        let report = try importer.importArchive(at: archive, owner: carol)
        #expect(report.imported == ["wishes": 3, "journalEntries": 1, "photos": 4, "gifFavorites": 2, "recentSearches": 2])
        #expect(report.refused.isEmpty)
        // Alice's rows and files are as they were.
        #expect(try snapshot(source, alice) == before)
        #expect(try photoFiles(sourceLibrary, alice, source) == alicesFiles)

        // Carol has the same records under ids of her own, linked to each other as Alice's were.
        let carols = try source.wishes.list(WishListQuery(), owner: carol).items
        #expect(Set(carols.map(\.name)) == Set(wishes.map(\.name)))
        #expect(Set(carols.map(\.id)).isDisjoint(with: wishes.map(\.id)))
        let bagID = try #require(carols.first { $0.name == wishes[0].name }).id
        let bag = try #require(try source.wishes.get(bagID, owner: carol))
        #expect(bag.photos.count == 3 && Set(bag.photos.map(\.id)).isDisjoint(with: wishes[0].photos.map(\.id)))
        #expect(bag.photos.map(\.edit) == wishes[0].photos.map(\.edit))
        #expect(bag.tags == wishes[0].tags && bag.place == wishes[0].place && bag.favorite)
        let carolsEntry = try #require(try source.store.journal.list(JournalListQuery(), owner: carol).items.first)
        #expect(carolsEntry.id != entry.id && carolsEntry.title == entry.title)
        let hanbok = try #require(carols.first { $0.name == "한복 대여" })
        #expect(carolsEntry.wishIDs == [hanbok.id, bag.id])
        // Each photo's files are there under its new id, the same bytes as Alice's.
        let carolsFiles = try photoFiles(sourceLibrary, carol, source)
        #expect(carolsFiles.count == alicesFiles.count)
        #expect(Set(carolsFiles.values) == Set(alicesFiles.values))
        // Her search and map find them; the recent searches are hers.
        #expect(try source.wishes.search("leather", owner: carol).byName.map(\.id) == [bag.id])
        #expect(try source.recentSearches.list(owner: carol).map(\.query).sorted() == ["bag", "hanbok rental"])

        // A second import finds the moved records and changes nothing.
        let rows = try snapshot(source, carol)
        let second = try importer.importArchive(at: archive, owner: carol)
        #expect(second.imported.values.allSatisfy { $0 == 0 })
        #expect(second.skipped == ["wishes": 3, "journalEntries": 1, "photos": 4, "gifFavorites": 2, "recentSearches": 2])
        #expect(second.refused.isEmpty)
        #expect(try snapshot(source, carol) == rows)
        #expect(try snapshot(source, alice) == before)
    }

    @Test func refusalsNameRecordsByTheirNames() throws {
        try fillAlicesAccount()
        let archive = try export(owner: alice)
        // Bob has a wish from the same spot as Alice's "BTS mural": the mural comes without the link.
        let bobs = try target.wishes.create(WishDraft(name: "Mural visit"), owner: bob)
        try target.store.pool.write { db in
            try db.run(
                "INSERT INTO spot_wishes (owner_id, spot_uuid, wish_id) SELECT ?, ?, id FROM wishes WHERE uuid = ?",
                [bob.rawValue, "0b9d6c55-3f27-4d6f-9d3e-2c6f0d1e8a01", bobs.id.lowercasedString])
        }
        let report = try AccountImporter(library: targetLibrary).importArchive(at: archive, owner: bob)
        #expect(report.refused.map(\.item) == ["Spot link of Wish “BTS mural”"])
        #expect(report.refused.map(\.code) == ["spot_link_dropped"] && report.refused.map(\.name) == ["BTS mural"])
        #expect(!report.refused[0].reason.contains("0b9d6c55"))
    }

    @Test func theExportHoldsTheDocumentedFiles() throws {
        try fillAlicesAccount()
        let reader = try ArchiveReader(
            path: try export(owner: alice),
            limits: .init(
                maximumEntries: 100, maximumEntryBytes: 64 << 20, maximumTotalBytes: 256 << 20))
        var paths: [String] = []
        var manifest: [String: Any] = [:]
        while let entry = try reader.nextEntry() {
            paths.append(entry.path)
            if entry.path == "manifest.json" {
                manifest = try JSONSerialization.jsonObject(with: try reader.readData()) as? [String: Any] ?? [:]
            }
        }
        #expect(paths.filter { $0.hasPrefix("media/originals/") }.count == 3, "the same original twice is kept once")
        #expect(paths.filter { $0.hasPrefix("media/renditions/") }.count == 4 * 3)
        #expect(
            Array(paths.suffix(7)) == [
                "photos.jsonl", "wishes.jsonl", "journal.jsonl", "gif-favorites.jsonl", "recent-searches.jsonl", "shares.jsonl",
                "manifest.json"
            ])
        #expect(manifest["format"] as? String == "wishlist-account-export")
        #expect(manifest["version"] as? Int == 1)
        #expect(manifest["exportedAt"] as? String == "2025-11-30T10:53:20.000Z")
        #expect((manifest["counts"] as? [String: Int])?["wishes.jsonl"] == 3)
    }

    @Test func anEmptyAccountExportsAndImports() throws {
        let report = try AccountImporter(library: targetLibrary).importArchive(at: try export(owner: alice), owner: bob)
        #expect(report == ImportReport(imported: report.imported, skipped: report.skipped, refused: []))
        #expect(report.imported.values.allSatisfy { $0 == 0 })
    }

    // MARK: A change while the archive is checked

    /// Another write of the account lands between the plan the import reads before placing its
    /// files and its own write: under the account's lock it makes a wish the archive holds
    /// ("한복 대여", which the entry mentions), and commits only once the import has placed every
    /// new photo's files (on PostgreSQL, once the import's write waits on that lock too; SQLite
    /// shows no waiting writer, and the single writer is let go at once, far inside the 5 s the
    /// import's write would wait for it before failing busy). The plan read again in the import's
    /// write differs, so the import is refused as a conflict (without that check, the wish's id is
    /// a unique violation instead): none of its rows, none of its files, and the other write's
    /// wish kept.
    @Test(arguments: TestEngine.allCases) func aChangeWhileTheArchiveIsCheckedIsAConflict(engine: TestEngine) throws {
        let (wishes, _) = try fillAlicesAccount()
        let archive = try export(owner: alice)
        let photos: [(id: UUID, revision: Int)] = try source.store.pool.read { db in
            try db.query("SELECT uuid, revision FROM photos WHERE owner_id = ?", [alice.rawValue]).map { row in
                (try UUID(storedText: row["uuid"]), try row["revision"])
            }
        }
        let test = try TestStore(engine: engine)
        let owner = try test.addUser("bob")
        let (store, library) = (test.store, test.library)
        let madeMeanwhile = WishDraft(name: "Hanbok rental, made meanwhile")
        let (changed, mayCommit) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let writerError = Locked<(any Error)?>(nil)
        let outcome = Locked<Result<ImportReport, any Error>?>(nil)
        let threads = DispatchGroup()
        // Whatever fails, the other write ends and no thread outlives the store.
        defer {
            mayCommit.signal()
            threads.wait()
        }
        threads.enter()
        Thread {
            defer { threads.leave() }
            do {
                try store.database.write(locking: [.account(owner)]) { db in
                    _ = try WishRepository.insertRecord(madeMeanwhile, id: wishes[1].id, owner: owner, now: Date(), db)
                    changed.signal()
                    mayCommit.wait()
                }
            } catch {
                writerError.value = error
                changed.signal()
            }
        }.start()
        try #require(changed.wait(timeout: .now() + 60) == .success && writerError.value == nil)

        threads.enter()
        Thread {
            defer { threads.leave() }
            outcome.value = Result { try AccountImporter(library: library).importArchive(at: archive, owner: owner) }
        }.start()
        try waitUntil("the import placed its new photos' files") {
            outcome.value != nil
                || photos.allSatisfy { photo in
                    RenditionSize.allCases.allSatisfy {
                        FileManager.default.fileExists(atPath: library.files.renditionPath(photo.id, revision: photo.revision, size: $0))
                    }
                }
        }
        if let url = test.url {
            let watcher = try PostgresConnection(url: url)
            try waitUntil("the import's write waits on the account's lock") {
                try outcome.value != nil || ConcurrentWriters.waitingOnALock(watcher) == 1
            }
        }
        mayCommit.signal()
        threads.wait()

        switch try #require(outcome.value) {
        case .success(let report): Issue.record("imported: \(report)")
        case .failure(let error):
            #expect({ if case AccountImportError.conflict = error { true } else { false } }(), "\(error)")
        }
        #expect(try test.wishes.list(WishListQuery(), owner: owner).items.map(\.name) == [madeMeanwhile.name])
        let archivedRows: [Int] = try store.database.read { db in
            try ["tags", "spot_wishes", "photos", "journal_entries", "gif_favorites", "recent_searches"].map { table in
                try db.scalar("SELECT count(*) FROM \(table) WHERE owner_id = :owner", ["owner": owner.rawValue]) ?? 0
            }
        }
        #expect(archivedRows == [0, 0, 0, 0, 0, 0], "no row of the archive was written")
        #expect(mediaFiles(library) == (try store.database.read { try PhotoFiles.namedFiles(in: $0) }), "no file left that no row names")
    }

    // MARK: Refused whole

    /// The archive unpacked, changed by `change`, and packed again.
    func tampered(_ archive: String, _ change: (String) throws -> Void) throws -> String {
        let folder = source.directory.appending(path: "tamper-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let paths = try ArchiveReader(
            path: archive,
            limits: .init(
                maximumEntries: 100, maximumEntryBytes: 64 << 20, maximumTotalBytes: 256 << 20)
        ).extract(into: folder).map(\.path)
        try change(folder)
        var data = Data()
        let writer = try ArchiveWriter { data.append(contentsOf: $0) }
        let now = Date()
        let all = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        for path in Set(paths).union(all).sorted() where FileManager.default.fileExists(atPath: folder + "/" + path) {
            try writer.addFile(path: path, from: folder + "/" + path, modified: now)
        }
        try writer.finish()
        let path = folder + ".zip"
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func editLines(_ folder: String, _ file: String, _ edit: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: folder + "/" + file)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var edited: [String] = []
        for (index, line) in lines.enumerated() {
            var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if index == 0 { edit(&object) }
            edited.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        try (edited.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aBadArchiveIsRefusedWholeAndLeavesNothing() throws {
        try fillAlicesAccount()
        let archive = try export(owner: alice)
        let digest: String = try source.store.pool.read { db in try db.scalar("SELECT sha256 FROM photos LIMIT 1")! }
        let cases: [(String, (String) throws -> Void, (AccountImportError) -> Bool)] = [
            (
                "a name too long", { try editLines($0, "wishes.jsonl") { $0["name"] = String(repeating: "x", count: 5000) } },
                { if case .invalid = $0 { true } else { false } }
            ),
            (
                "a future version",
                { folder in
                    try Data(#"{"format":"wishlist-account-export","version":2,"somethingNew":true}"#.utf8)
                        .write(to: URL(fileURLWithPath: folder + "/manifest.json"))
                }, { $0 == .futureVersion(2) }
            ),
            (
                "no manifest", { try FileManager.default.removeItem(atPath: $0 + "/manifest.json") },
                { if case .invalid = $0 { true } else { false } }
            ),
            (
                "a changed original",
                { folder in
                    let path = folder + "/media/originals/" + digest
                    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                    bytes[bytes.count / 2] ^= 0xFF
                    try bytes.write(to: URL(fileURLWithPath: path))
                }, { if case .invalid(let reason) = $0 { reason.contains("SHA-256") } else { false } }
            ),
            (
                "a missing rendition",
                { folder in
                    let renditions = folder + "/media/renditions"
                    let first = try FileManager.default.contentsOfDirectory(atPath: renditions).sorted()[0]
                    try FileManager.default.removeItem(atPath: renditions + "/" + first + "/medium.jpg")
                }, { if case .invalid = $0 { true } else { false } }
            ),
            (
                "an unknown file", { try Data("hi".utf8).write(to: URL(fileURLWithPath: $0 + "/notes.txt")) },
                { if case .invalid = $0 { true } else { false } }
            ),
            (
                "a photo on no record", { try editLines($0, "wishes.jsonl") { $0["photoIds"] = [String]() } },
                { if case .invalid = $0 { true } else { false } }
            ),
            (
                "a line that is not JSON",
                { folder in
                    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/journal.jsonl"))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data("{not json\n".utf8))
                    try handle.close()
                }, { if case .invalid(let reason) = $0 { reason.contains("line 2 of journal.jsonl") } else { false } }
            )
        ]
        for (name, change, expected) in cases {
            let bad = try tampered(archive, change)
            do {
                _ = try AccountImporter(library: targetLibrary).importArchive(at: bad, owner: bob)
                Issue.record("\(name): imported")
            } catch let error as AccountImportError {
                #expect(expected(error), "\(name): \(error)")
                #expect(error.kind == .unprocessable)
            }
            #expect(try snapshot(target, bob).allSatisfy { $0 == "--" }, "\(name): rows were written")
            #expect(mediaFiles(targetLibrary).isEmpty, "\(name): files were left")
        }
    }

    @Test func aHostileOrDamagedArchiveIsRefused() throws {
        try fillAlicesAccount()
        let archive = try Data(contentsOf: URL(fileURLWithPath: try export(owner: alice)))
        let cut = source.directory.appending(path: "cut.zip").path
        try archive.prefix(archive.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        #expect { try AccountImporter(library: targetLibrary).importArchive(at: cut, owner: bob) } throws: { error in
            if case AccountImportError.unreadable = error { true } else { false }
        }
        var escaping = Data()
        let writer = try ArchiveWriter { escaping.append(contentsOf: $0) }
        try writer.addEntry(path: "../../escape.json", data: Data("{}".utf8), modified: Date())
        try writer.finish()
        let escape = source.directory.appending(path: "escape.zip").path
        try escaping.write(to: URL(fileURLWithPath: escape))
        #expect { try AccountImporter(library: targetLibrary).importArchive(at: escape, owner: bob) } throws: { error in
            if case AccountImportError.unsafe = error { true } else { false }
        }
        #expect(try snapshot(target, bob).allSatisfy { $0 == "--" })
        #expect(mediaFiles(targetLibrary).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target.directory.appending(path: "escape.json").path))
    }
}
