import Foundation
import Imaging
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The photo library without HTTP, on both engines: photos from files and bytes, edits, deletion,
/// and the files that go with each; and on PostgreSQL, an original shared by photos uploaded and
/// deleted at once.
@Suite struct PhotoLibraryTests {
    static let testdata = TestData.folder.appendingPathComponent("photos")

    static func path(_ name: String) -> String { testdata.appendingPathComponent(name).path }

    /// A new store on `engine` with its photo library and an account, alice.
    struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var library: PhotoLibrary { test.library }

        var renditionFolders: [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: library.files.root.appending(path: "renditions").path)) ?? []
        }

        /// The originals' files, as `<prefix>/<digest>` (and `.jpg` beside those that have one).
        var originals: [String] {
            let folder = library.files.root.appending(path: "originals").path
            return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.contains("/") }
        }

        func renditionsExist(_ photo: Photo, revision: Int) -> Bool {
            RenditionSize.allCases.allSatisfy {
                FileManager.default.fileExists(atPath: library.files.renditionPath(photo.id, revision: revision, size: $0))
            }
        }
    }

    @Test(arguments: TestEngine.allCases) func addsFromAPathAndFromBytesKeepingTheOriginalOnce(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let fromPath = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.path("gps/DSCN0010.jpg")))
        let fromBytes = try library.add([.bytes(bytes)], owner: alice)
        #expect(fromPath.count == 1 && fromBytes.count == 1)
        #expect(fromPath[0].id != fromBytes[0].id)
        #expect((fromPath[0].width, fromPath[0].height) == (fromBytes[0].width, fromBytes[0].height))
        #expect(fromPath[0].gps != nil)
        #expect(fixture.originals.count == 1, "the same file twice is stored once")
        #expect(fixture.renditionsExist(fromPath[0], revision: 1) && fixture.renditionsExist(fromBytes[0], revision: 1))
        let original = try library.media(fromBytes[0].id, size: .original, owner: alice)
        #expect(FileManager.default.contents(atPath: original.path) == bytes)
        #expect(original.contentType == "image/jpeg")
        #expect(try library.photo(fromPath[0].id, owner: alice) == fromPath[0])
    }

    @Test(arguments: TestEngine.allCases) func aBadFileAmongGoodOnesKeepsNothing(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        #expect(throws: PhotoError.unsupportedImage) {
            try library.add(
                [
                    .file(path: Self.path("camera/canon-40d.jpg")), .bytes(Data("not an image".utf8)),
                    .file(path: Self.path("gps/DSCN0012.jpg"))
                ],
                owner: alice)
        }
        #expect(fixture.renditionFolders.isEmpty)
        #expect(fixture.originals.isEmpty)
        #expect(throws: PhotoError.self) { try library.add([.file(path: Self.path("bad/truncated.jpg"))], owner: alice) }
        var big = try Data(contentsOf: URL(fileURLWithPath: Self.path("camera/canon-40d.jpg")))
        big.append(Data(count: PhotoLibrary.maximumFileBytes))
        #expect(throws: PhotoError.fileTooLarge(bytes: big.count, limit: PhotoLibrary.maximumFileBytes)) {
            try library.add([.bytes(big)], owner: alice)
        }
    }

    /// Only an original of several frames is an animation (G10), and only while no edit made a
    /// still of it; the original is kept and served as it came, whatever the edit.
    @Test(arguments: TestEngine.allCases) func onlyAnUneditedAnimationIsAnimated(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let animation = try #require(Data(base64Encoded: Animations.gif))
        let webp = try #require(Data(base64Encoded: Animations.webp))
        let stillGIF = try #require(Data(base64Encoded: Animations.stillGIF))
        let photos = try library.add(
            [.bytes(animation), .bytes(webp), .bytes(stillGIF), .file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)
        #expect(photos.map(\.animated) == [true, true, false, false])
        #expect(try library.photo(photos[0].id, owner: alice).animated)
        let original = try library.media(photos[0].id, size: .original, owner: alice)
        #expect(original.contentType == "image/gif")
        #expect(FileManager.default.contents(atPath: original.path) == animation)

        let cropped = try library.edit(
            photos[0].id, PhotoEditRequest(crop: Photo.Crop(x: 0, y: 0, width: 6, height: 8), rotate: 0), owner: alice)
        #expect(!cropped.animated, "a crop is drawn from the first frame")
        #expect(try library.media(photos[0].id, size: .original, owner: alice) == original)
        let turned = try library.edit(photos[0].id, PhotoEditRequest(crop: nil, rotate: 90), owner: alice)
        #expect(!turned.animated)
        #expect(try library.edit(photos[0].id, nil, owner: alice).animated, "reset, it moves again")
        #expect(
            try library.edit(photos[0].id, PhotoEditRequest(crop: nil, rotate: 0), owner: alice).animated,
            "an edit that changes nothing leaves it as it is")
    }

    @Test(arguments: TestEngine.allCases) func anEditIsANewRevisionAndAStaleOneIsAConflict(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        let edited = try library.edit(
            photo.id, PhotoEditRequest(crop: Photo.Crop(x: 10, y: 20, width: 300, height: 200), rotate: 90), owner: alice)
        #expect((edited.width, edited.height) == (200, 300))
        #expect(edited.urls.thumb.hasSuffix("v=2"))
        #expect(fixture.renditionsExist(edited, revision: 2))
        #expect(!fixture.renditionsExist(edited, revision: 1), "the old revision's files are gone")

        // An edit made from revision 1 is saved after another one was: refused, revision 2 stays.
        #expect(throws: PhotoError.editConflict) {
            try fixture.test.store.database.write { db in
                try PhotoRepository.setEdit(nil, width: 1, height: 1, of: photo.id, owner: alice, after: 1, db)
            }
        }
        #expect(try library.photo(photo.id, owner: alice) == edited)

        let reset = try library.edit(photo.id, nil, owner: alice)
        #expect((reset.width, reset.height) == (photo.width, photo.height))
        #expect(reset.edit == nil)
        #expect(throws: ValidationError.self) {
            try library.edit(photo.id, PhotoEditRequest(crop: nil, rotate: 45), owner: alice)
        }
        #expect(throws: NotFoundError("photo")) { try library.edit(UUID(), nil, owner: alice) }
        let bob = try fixture.test.addUser("bob")
        #expect(throws: NotFoundError("photo")) { try library.edit(photo.id, nil, owner: bob) }
    }

    @Test(arguments: TestEngine.allCases) func aPhotoOnAWishIsNotDeletedAlone(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        _ = try fixture.test.wishes.create(WishDraft(name: "Trip", photoIDs: [photo.id]), owner: alice)
        #expect(throws: PhotoError.inUse) { try library.delete(photo.id, owner: alice) }
        #expect(fixture.renditionsExist(photo, revision: 1))
        #expect(fixture.originals.count == 1)
    }

    @Test(arguments: TestEngine.allCases) func releasingKeepsAnUploadPutOnARecordMeanwhile(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let photos = try library.add(
            [.file(path: Self.path("gps/DSCN0010.jpg")), .file(path: Self.path("gps/DSCN0012.jpg"))], owner: alice)
        _ = try fixture.test.wishes.create(WishDraft(name: "Trip", photoIDs: [photos[0].id]), owner: alice)
        try library.release(photos.map(\.id), owner: alice)
        #expect(try library.photo(photos[0].id, owner: alice) == photos[0])
        #expect(throws: NotFoundError("photo")) { try library.photo(photos[1].id, owner: alice) }
        #expect(fixture.renditionFolders == [photos[0].id.lowercasedString])
        #expect(fixture.originals.count == 1)
    }

    @Test(arguments: TestEngine.allCases) func aFreePhotoIsDeletedWithItsFiles(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        try library.delete(photo.id, owner: alice)
        #expect(throws: NotFoundError("photo")) { try library.delete(photo.id, owner: alice) }
        #expect(fixture.renditionFolders.isEmpty)
        #expect(fixture.originals.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func aHEICOriginalIsShownAsAFullSizeJPEGBesideTheUntouchedFile(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (library, alice) = (fixture.library, fixture.alice)
        let photo = try library.add([.file(path: Self.path("camera/iphone.heic"))], owner: alice)[0]
        let original = try library.media(photo.id, size: .original, owner: alice)
        #expect(original.contentType == "image/jpeg")
        #expect(original.filename == "photo.jpg")
        let shown = try ImageProcessor().inspect(.file(path: original.path))
        #expect(shown.format == .jpeg)
        #expect(shown.orientation == 1)
        #expect((shown.width, shown.height) == (photo.width, photo.height))
        #expect(photo.width < photo.height, "upright: the iPhone photo is a portrait")
        let sha256 = try PhotoFiles.digest(of: .file(path: Self.path("camera/iphone.heic")))
        #expect(
            FileManager.default.contents(atPath: library.files.originalPath(sha256))
                == FileManager.default.contents(atPath: Self.path("camera/iphone.heic")), "the original stays byte for byte")
        #expect(fixture.originals.count == 2)
    }

    // MARK: Writers at once on PostgreSQL

    /// Uploads of one file and deletions of the photos showing it, at once. The deletions have
    /// committed their rows and remove their files; the uploads save theirs. They meet in
    /// `ConcurrentWriters.runTogether`: the first upload holds the original's lock, stopped at
    /// inserting its row; the other uploads, and the removals once it holds it, wait for that lock
    /// (without it, a removal would find no row naming the original and remove the file the
    /// uploads are about to name). The original stays, stored once, named by the four new rows; then deleting those
    /// four at once removes it, and no file is left.
    @Test func uploadsAndDeletionsOfOneFileAtOnceKeepOneOriginalOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        // A store of its own, with a connection for each writer: each holds one while it waits.
        let store = try Store(url: fixture.test.url, sqlitePath: "", connectionCount: 12)
        defer { try? store.close() }
        let library = try PhotoLibrary(store: store, folder: fixture.library.files.root.path)
        let (alice, bob) = (fixture.alice, try fixture.test.addUser("bob"))
        let file = PhotoSource.file(path: Self.path("gps/DSCN0010.jpg"))
        let sha256 = try PhotoFiles.digest(of: file)
        let earlier = try library.add([file, file], owner: alice) + library.add([file], owner: bob)
        // Each deletion by its photo's id, its row deleted and committed.
        let deletions = Dictionary(
            uniqueKeysWithValues: try earlier.enumerated().map { index, photo in
                (photo.id.lowercasedString, try store.photos.delete(photo.id, owner: index < 2 ? alice : bob))
            })
        let uploads = Locked<[String: UserKey]>([:])
        let url = try #require(fixture.test.url)
        let writers = ["alice", "alice", "bob", "bob"] + deletions.keys
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "photos", writers) { writer in
            if let deleted = deletions[writer] {
                try Self.waitForAnAdvisoryLock(url: url)
                try library.removeFiles(of: [deleted])
            } else {
                let owner = writer == "alice" ? alice : bob
                let photo = try library.add([file], owner: owner)[0]
                uploads.withLock { $0[photo.id.lowercasedString] = owner }
            }
        }
        #expect(outcomes.allSatisfy { $0 == nil })
        let showing: Int = try store.database.read { db in
            try db.scalar("SELECT count(*) FROM photos WHERE sha256 = :sha256", ["sha256": sha256]) ?? 0
        }
        #expect(showing == 4, "the four new photos show the original")
        #expect(fixture.originals == ["\(sha256.prefix(2))/\(sha256)"], "stored once, and kept")
        #expect(Set(fixture.renditionFolders) == Set(uploads.value.keys))

        let owners = uploads.value
        let last = try ConcurrentWriters.runTogether(fixture.test, holding: "photos", Array(owners.keys)) { writer in
            try library.delete(try UUID(storedText: writer), owner: owners[writer]!)
        }
        #expect(last.allSatisfy { $0 == nil })
        #expect(fixture.originals.isEmpty, "no photo shows it: removed")
        #expect(fixture.renditionFolders.isEmpty)
    }

    /// Waits until a session of the database at `url` holds an advisory lock: in a test whose only
    /// advisory lock is an original's, until an upload saving its row holds it.
    static func waitForAnAdvisoryLock(url: String) throws {
        let watcher = try PostgresConnection(url: url)
        try waitUntil("an upload holds the original's lock") {
            let held: Int =
                try watcher.scalar(
                    """
                    SELECT count(*) FROM pg_locks
                    WHERE locktype = 'advisory' AND granted
                      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                    """) ?? 0
            return held > 0
        }
    }

    /// An edit of a photo on a wish and an update of the wish at once (both stopped at writing
    /// `wishes`: the edit bumps the wish's version, the update writes its own): each change gets
    /// a version of its own, and an update made from a version an edit moved on is refused.
    @Test func anEditAndAnUpdateOfItsWishAtOnceEachCountOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (library, alice) = (fixture.library, fixture.alice)
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        let wish = try fixture.test.wishes.create(WishDraft(name: "Trip", photoIDs: [photo.id]), owner: alice)
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "wishes", ["edit", "update"]) { writer in
            if writer == "edit" {
                _ = try library.edit(photo.id, PhotoEditRequest(crop: nil, rotate: 90), owner: alice)
            } else {
                _ = try library.update(\.wishes, wish.id, owner: alice, with: WishPatch(name: "Big trip"), expectedVersion: 1)
            }
        }
        #expect(outcomes[0] == nil, "the edit is saved")
        #expect(outcomes[1] == nil || outcomes[1] as? StaleVersionError == StaleVersionError("wish", current: 2))
        let stored = try #require(try fixture.test.wishes.get(wish.id, owner: alice))
        #expect(stored.version == 1 + outcomes.filter { $0 == nil }.count, "every change saved has a version of its own")
    }
}
