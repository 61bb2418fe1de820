import Foundation
import Imaging
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The photo library without HTTP: photos from files and bytes, edits, deletion, and the files
/// that go with each.
@Suite struct PhotoLibraryTests {
    static let testdata = TestData.folder.appendingPathComponent("photos")

    static func path(_ name: String) -> String { testdata.appendingPathComponent(name).path }

    let fixture: TestStore
    let library: PhotoLibrary
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        library = try PhotoLibrary(store: fixture.store, folder: fixture.directory.appending(path: "media").path)
        alice = try fixture.addUser("alice")
    }

    var renditionFolders: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: library.files.root.appending(path: "renditions").path)) ?? []
    }

    var originals: [String] {
        let folder = library.files.root.appending(path: "originals").path
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.contains("/") }
    }

    func renditionsExist(_ photo: Photo, revision: Int) -> Bool {
        RenditionSize.allCases.allSatisfy {
            FileManager.default.fileExists(atPath: library.files.renditionPath(photo.id, revision: revision, size: $0))
        }
    }

    @Test func addsFromAPathAndFromBytesKeepingTheOriginalOnce() throws {
        let fromPath = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.path("gps/DSCN0010.jpg")))
        let fromBytes = try library.add([.bytes(bytes)], owner: alice)
        #expect(fromPath.count == 1 && fromBytes.count == 1)
        #expect(fromPath[0].id != fromBytes[0].id)
        #expect((fromPath[0].width, fromPath[0].height) == (fromBytes[0].width, fromBytes[0].height))
        #expect(fromPath[0].gps != nil)
        #expect(originals.count == 1, "the same file twice is stored once")
        #expect(renditionsExist(fromPath[0], revision: 1) && renditionsExist(fromBytes[0], revision: 1))
        let original = try library.media(fromBytes[0].id, size: .original, owner: alice)
        #expect(FileManager.default.contents(atPath: original.path) == bytes)
        #expect(original.contentType == "image/jpeg")
        #expect(try library.photo(fromPath[0].id, owner: alice) == fromPath[0])
    }

    @Test func aBadFileAmongGoodOnesKeepsNothing() throws {
        #expect(throws: PhotoError.unsupportedImage) {
            try library.add(
                [
                    .file(path: Self.path("camera/canon-40d.jpg")), .bytes(Data("not an image".utf8)),
                    .file(path: Self.path("gps/DSCN0012.jpg"))
                ],
                owner: alice)
        }
        #expect(renditionFolders.isEmpty)
        #expect(originals.isEmpty)
        #expect(throws: PhotoError.self) { try library.add([.file(path: Self.path("bad/truncated.jpg"))], owner: alice) }
        var big = try Data(contentsOf: URL(fileURLWithPath: Self.path("camera/canon-40d.jpg")))
        big.append(Data(count: PhotoLibrary.maximumFileBytes))
        #expect(throws: PhotoError.fileTooLarge(bytes: big.count, limit: PhotoLibrary.maximumFileBytes)) {
            try library.add([.bytes(big)], owner: alice)
        }
    }

    /// Only an original of several frames is an animation (G10), and only while no edit made a
    /// still of it; the original is kept and served as it came, whatever the edit.
    @Test func onlyAnUneditedAnimationIsAnimated() throws {
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

    @Test func anEditIsANewRevisionAndAStaleOneIsAConflict() throws {
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        let edited = try library.edit(
            photo.id, PhotoEditRequest(crop: Photo.Crop(x: 10, y: 20, width: 300, height: 200), rotate: 90), owner: alice)
        #expect((edited.width, edited.height) == (200, 300))
        #expect(edited.urls.thumb.hasSuffix("v=2"))
        #expect(renditionsExist(edited, revision: 2))
        #expect(!renditionsExist(edited, revision: 1), "the old revision's files are gone")

        // An edit made from revision 1 is saved after another one was: refused, revision 2 stays.
        #expect(throws: PhotoError.editConflict) {
            try fixture.store.pool.write { db in
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
        let bob = try fixture.addUser("bob")
        #expect(throws: NotFoundError("photo")) { try library.edit(photo.id, nil, owner: bob) }
    }

    @Test func aPhotoOnAWishIsNotDeletedAlone() throws {
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        _ = try fixture.wishes.create(WishDraft(name: "Trip", photoIDs: [photo.id]), owner: alice)
        #expect(throws: PhotoError.inUse) { try library.delete(photo.id, owner: alice) }
        #expect(renditionsExist(photo, revision: 1))
        #expect(originals.count == 1)
    }

    @Test func releasingKeepsAnUploadPutOnARecordMeanwhile() throws {
        let photos = try library.add(
            [.file(path: Self.path("gps/DSCN0010.jpg")), .file(path: Self.path("gps/DSCN0012.jpg"))], owner: alice)
        _ = try fixture.wishes.create(WishDraft(name: "Trip", photoIDs: [photos[0].id]), owner: alice)
        try library.release(photos.map(\.id), owner: alice)
        #expect(try library.photo(photos[0].id, owner: alice) == photos[0])
        #expect(throws: NotFoundError("photo")) { try library.photo(photos[1].id, owner: alice) }
        #expect(renditionFolders == [photos[0].id.lowercasedString])
        #expect(originals.count == 1)
    }

    @Test func aFreePhotoIsDeletedWithItsFiles() throws {
        let photo = try library.add([.file(path: Self.path("gps/DSCN0010.jpg"))], owner: alice)[0]
        try library.delete(photo.id, owner: alice)
        #expect(throws: NotFoundError("photo")) { try library.delete(photo.id, owner: alice) }
        #expect(renditionFolders.isEmpty)
        #expect(originals.isEmpty)
    }

    @Test func aHEICOriginalIsShownAsAFullSizeJPEGBesideTheUntouchedFile() throws {
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
        #expect(originals.count == 2)
    }
}
