import Foundation
import Imaging
import S3
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The photo library with its files in an S3 bucket (SeaweedFS, `S3TestServer`), as servers on
/// several machines keep them: every file the library makes is an object, a second server with
/// nothing of its own serves them, edits and deletions remove what they replace, the sweep removes
/// what no row names, and a backup copies them.
@Suite struct S3MediaTests {
    let test: TestStore
    let location: MediaLocation
    let client: S3Client
    let alice: UserKey

    init() throws {
        test = try TestStore(engine: .postgres)
        let text = try S3TestServer.shared().location()
        location = try MediaLocation(text, dataDirectory: test.directory.path, environment: S3TestServer.environment)
        guard case .s3(let bucket, _) = location else { throw NotABucket() }
        client = S3Client(bucket: bucket)
        alice = try test.addUser("alice")
    }

    /// A library on the same database and bucket with its own, empty, work folder: another server.
    func library(workFolder: String? = nil) throws -> PhotoLibrary {
        guard case .s3(let bucket, let defaultFolder) = location else { throw NotABucket() }
        return try PhotoLibrary(store: test.store, location: .s3(bucket, workFolder: workFolder ?? defaultFolder))
    }

    func keys() throws -> Set<String> {
        Set(try client.list(prefix: "").map(\.key))
    }

    static func photo(_ name: String) -> PhotoSource {
        .file(path: TestData.photo(name).path)
    }

    @Test func anUploadIsKeptAsObjectsThatAnotherServerServes() throws {
        let here = try library()
        let photo = try here.add([Self.photo("gps/DSCN0010.jpg")], owner: alice)[0]
        let sha256 = try #require(try test.store.photos.get(photo.id, owner: alice)).sha256
        let id = photo.id.uuidString.lowercased()
        #expect(
            try keys()
                == [
                    "originals/\(sha256.prefix(2))/\(sha256)", "renditions/\(id)/1-thumb.jpg", "renditions/\(id)/1-medium.jpg",
                    "renditions/\(id)/1-large.jpg"
                ])

        let there = try library(workFolder: test.directory.appending(path: "elsewhere").path)
        for size in Photo.Size.allCases {
            let mine = try here.media(photo.id, size: size, owner: alice)
            let theirs = try there.media(photo.id, size: size, owner: alice)
            #expect(mine.path != theirs.path)
            #expect(FileManager.default.contents(atPath: mine.path) == FileManager.default.contents(atPath: theirs.path), "\(size)")
        }
        // The full-size picture, made at the first asking, is an object too.
        #expect(try keys().contains("renditions/\(id)/1-full.jpg"))
        let original = try there.media(photo.id, size: .original, owner: alice)
        #expect(
            FileManager.default.contents(atPath: original.path)
                == FileManager.default.contents(atPath: TestData.photo("gps/DSCN0010.jpg").path))
    }

    @Test func anEditReplacesTheRenditionsAndADeletionRemovesEveryObject() throws {
        let library = try library()
        let photo = try library.add([Self.photo("gps/DSCN0010.jpg")], owner: alice)[0]
        let id = photo.id.uuidString.lowercased()
        _ = try library.media(photo.id, size: .full, owner: alice)
        let edited = try library.edit(photo.id, PhotoEditRequest(crop: nil, rotate: 90), owner: alice)
        #expect(edited.width == photo.height)
        let renditions = try keys().filter { $0.hasPrefix("renditions/") }
        #expect(renditions == ["renditions/\(id)/2-thumb.jpg", "renditions/\(id)/2-medium.jpg", "renditions/\(id)/2-large.jpg"])
        try library.delete(photo.id, owner: alice)
        #expect(try keys().isEmpty)
    }

    @Test func theSweepRemovesWhatNoRowNamesAndKeepsTheRest() throws {
        let library = try library()
        let kept = try library.add([Self.photo("gps/DSCN0010.jpg")], owner: alice)[0]
        // An upload whose row never came (a server killed before its commit): its files only.
        let files = library.files
        let source = Self.photo("gps/DSCN0012.jpg")
        let sha256 = try PhotoFiles.digest(of: source)
        try files.keepOriginal(source, sha256: sha256, format: .jpeg)
        try files.publish(try files.stageRenditions(of: source, edit: nil), as: UUID(), revision: 1)
        let before = try keys()
        #expect(before.count == 8)

        // Young files stay whatever the rows say.
        try library.tidy(now: Date())
        #expect(try keys() == before)
        // Listed as if an hour had passed: the unnamed go, the named stay.
        try library.sweep(files.oldFiles(before: Date().addingTimeInterval(60)))
        let after = try keys()
        #expect(after.count == 4)
        #expect(after.allSatisfy { !$0.contains(sha256) })
        #expect(try library.media(kept.id, size: .thumb, owner: alice).path.isEmpty == false)
    }

    @Test func localCopiesAreACacheTrimmedToItsSize() throws {
        let library = try library()
        let photo = try library.add([Self.photo("gps/DSCN0010.jpg")], owner: alice)[0]
        let served = try library.media(photo.id, size: .large, owner: alice)
        let bytes = FileManager.default.contents(atPath: served.path)
        guard case .s3(_, let workFolder) = location else { return }
        try S3Media(client: client, workFolder: workFolder, cacheBytes: 0).tidy()
        #expect(!FileManager.default.fileExists(atPath: served.path))
        let again = try library.media(photo.id, size: .large, owner: alice)
        #expect(FileManager.default.contents(atPath: again.path) == bytes)
    }

    @Test func aBackupCopiesEveryNamedObject() throws {
        let library = try library()
        _ = try library.add([Self.photo("gps/DSCN0010.jpg"), Self.photo("camera/iphone.heic")], owner: alice)
        let folder = test.directory.appending(path: "snapshot").path
        let snapshot = try DataSnapshot.take(postgresURL: try #require(test.url), media: location, into: folder)
        #expect(snapshot.mediaFiles.count == 9, "two originals, a HEIC's full-size JPEG and six renditions")
        #expect(try DataSnapshot.verifyFiles(snapshot.mediaFiles, in: folder + "/media") == 9)
    }

    @Test func aRestoredFolderIsHandedToTheBucket() throws {
        let library = try library()
        _ = try library.add([Self.photo("gps/DSCN0010.jpg")], owner: alice)
        let folder = test.directory.appending(path: "snapshot").path
        let snapshot = try DataSnapshot.take(postgresURL: try #require(test.url), media: location, into: folder)
        for key in try keys() { try client.delete(key) }
        try location.receive(folder + "/media")
        #expect(try keys() == Set(snapshot.mediaFiles))
        #expect(!FileManager.default.fileExists(atPath: folder + "/media"))
    }

    /// A store that stops answering: an upload is a `MediaUnavailableError` (503) and keeps nothing.
    @Test func anUnreachableStoreRefusesAnUploadAndKeepsNothing() throws {
        let gone = try S3Bucket(
            location: "s3://wishlist?endpoint=http://127.0.0.1:1&region=us-east-1", environment: S3TestServer.environment)
        let library = try PhotoLibrary(
            store: test.store, location: .s3(gone, workFolder: test.directory.appending(path: "gone").path))
        #expect(throws: MediaUnavailableError.self) { try library.add([Self.photo("gps/DSCN0010.jpg")], owner: alice) }
        #expect(try test.store.database.read { db in try db.scalar("SELECT count(*) FROM photos") as Int? } == 0)
    }

    @Test func aBucketThatIsNotThereIsAClearErrorAtStart() throws {
        let server = try S3TestServer.shared()
        let missing = try MediaLocation(
            "s3://no-such-bucket?endpoint=\(server.endpoint)", dataDirectory: test.directory.path, environment: S3TestServer.environment)
        let error = #expect(throws: S3Error.self) { try missing.check() }
        #expect(error?.description.contains("NoSuchBucket") == true)
    }
}

struct NotABucket: Error {}
