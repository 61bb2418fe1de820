import Crypto
import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer

@Suite struct PhotosAPITests {
    func upload(_ client: WishlistClient, _ paths: String...) async throws -> WishlistClient.UploadedPhotos {
        try await client.uploadPhotos(paths.map { WishlistClient.PhotoFile(filename: $0, data: try TestPhotos.photo($0)) })
    }

    @Test func everyOrientationComesOutUpright() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for path in try TestPhotos.photos(in: "orientation") {
            let photo = try #require(try await upload(alice, path).items.first)
            let medium = try await alice.send("GET", photo.urls.medium)
            let size = try #require(JPEGHeader.size(medium.body))
            #expect((size.width > size.height) == path.contains("landscape"), "\(path): \(size)")
            #expect((photo.width > photo.height) == path.contains("landscape"), "\(path)")
            #expect(String(decoding: medium.body, as: UTF8.self).contains("Exif") == false, "\(path) keeps EXIF")
        }
    }

    @Test func gpsBecomesASuggestedPlaceAndNeverLeaksIntoRenditions() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let answer = try await upload(alice, "gps/DSCN0010.jpg")
        let place = try #require(answer.suggestedPlace)
        #expect(abs(place.latitude - 43.46745) < 0.0001)
        #expect(abs(place.longitude - 11.88513) < 0.0001)
        #expect(place.source == .photo)
        #expect(!place.name.isEmpty)
        #expect(place.address?.hasSuffix("Italy") == true, "\(place)")
        let photo = answer.items[0]
        #expect(photo.gps != nil)
        for url in [photo.urls.thumb, photo.urls.medium, photo.urls.large] {
            let image = try await alice.send("GET", url)
            #expect(image.status == 200)
            #expect(!String(decoding: image.body, as: UTF8.self).contains("Exif"), "\(url)")
        }
        let original = try await alice.send("GET", photo.urls.original)
        #expect(original.body == (try TestPhotos.photo("gps/DSCN0010.jpg")), "the original is kept byte for byte")
    }

    @Test func heicAndSeveralFilesAtOnce() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let answer = try await upload(alice, "camera/iphone.heic", "camera/canon-40d.jpg", "camera/iphone.jpg")
        #expect(answer.items.count == 3)
        #expect(answer.items[0].width < answer.items[0].height)
        #expect(try await alice.send("GET", answer.items[0].urls.thumb).status == 200)
        #expect(answer.items[1].takenAt != nil)
    }

    /// Browsers other than Safari cannot show HEIC: its "original size" is a full-size upright JPEG,
    /// while the file as uploaded stays untouched (W12).
    @Test func aHEICOriginalIsServedAsAFullSizeUprightJPEG() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for path in try TestPhotos.photos(in: "camera").filter({ $0.hasSuffix(".heic") }) {
            let photo = try #require(try await upload(alice, path).items.first)
            let original = try await alice.send("GET", photo.urls.original)
            #expect(original.status == 200)
            #expect(original.headers["content-type"] == "image/jpeg", "\(path)")
            #expect(original.headers["content-disposition"] == "inline; filename=\"photo.jpg\"")
            let size = try #require(JPEGHeader.size(original.body), "\(path)")
            #expect((size.width, size.height) == (photo.width, photo.height), "\(path)")
            #expect(photo.width < photo.height, "\(path): upright")
            #expect(!String(decoding: original.body, as: UTF8.self).contains("Exif"), "\(path) keeps EXIF")
        }
        let jpeg = try #require(try await upload(alice, "camera/iphone.jpg").items.first)
        let original = try await alice.send("GET", jpeg.urls.original)
        #expect(original.headers["content-type"] == "image/jpeg")
        #expect(original.body == (try TestPhotos.photo("camera/iphone.jpg")), "other formats are served as uploaded")
    }

    @Test func badFilesGetTheir4xxAndTheServerKeepsAnswering() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let expected = [
            "bad/bomb-30000x30000.png": 413, "bad/corrupted.jpg": 422, "bad/truncated.jpg": 422,
            "bad/text-named.jpg": 415, "bad/image00971.jpg": 201, "bad/image01088.jpg": 201
        ]
        for path in try TestPhotos.photos(in: "bad") {
            let status: Int
            do {
                _ = try await upload(alice, path)
                status = 201
            } catch let error as WishlistClientError {
                status = error.status ?? 0
            }
            #expect(status == expected[path], "\(path) → \(status)")
        }
        // A bad file among good ones keeps nothing.
        await expectServerError(415) { _ = try await upload(alice, "camera/canon-40d.jpg", "bad/text-named.jpg") }
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: server.dataDirectory.appendingPathComponent("media/renditions").path)
        #expect(stored.count == 2, "only the two recoverable bad files are kept")
        #expect(try await server.client().isHealthy())

        let noFiles = try await alice.send(
            "POST", "/api/v1/photos", body: Data("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nhi\r\n--b--\r\n".utf8),
            contentType: "multipart/form-data; boundary=b")
        #expect(noFiles.status == 400)
        let notMultipart = try await alice.send("POST", "/api/v1/photos", body: Data("{}".utf8))
        #expect(notMultipart.status == 415)
        let malformed = try await alice.send(
            "POST", "/api/v1/photos", body: Data("--b\r\ngarbage".utf8), contentType: "multipart/form-data; boundary=b")
        #expect(malformed.status == 400)
    }

    @Test func aFileOver40MBIs413() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        var big = try TestPhotos.photo("camera/canon-40d.jpg")
        big.append(Data(count: 41 << 20))
        await expectServerError(413, "file_too_large") {
            _ = try await alice.uploadPhotos([WishlistClient.PhotoFile(filename: "big.jpg", data: big)])
        }
    }

    @Test func editsCropThenRotateAndResetWithoutTouchingTheOriginal() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await upload(alice, "camera/iphone.jpg").items[0]
        #expect((photo.width, photo.height) == (3264, 2448))
        let before = try await alice.send("GET", photo.urls.original).body

        let edited = try await alice.editPhoto(
            photo.id, PhotoEditRequest(crop: Photo.Crop(x: 100, y: 200, width: 3000, height: 1000), rotate: 90))
        #expect((edited.width, edited.height) == (1000, 3000))
        #expect(edited.urls.medium != photo.urls.medium)
        #expect(edited.edit == Photo.Edit(crop: Photo.Crop(x: 100, y: 200, width: 3000, height: 1000), rotate: 90))
        let large = try #require(JPEGHeader.size(try await alice.send("GET", edited.urls.large).body))
        #expect((682...684).contains(large.width) && large.height == 2048, "\(large)")
        let medium = try #require(JPEGHeader.size(try await alice.send("GET", edited.urls.medium).body))
        #expect(medium.height == 1024, "\(medium)")
        // The old revision's files are gone.
        #expect(try await alice.send("GET", photo.urls.medium.replacingOccurrences(of: "?v=1", with: "?v=1")).status == 200)

        let reset = try await alice.resetPhoto(photo.id)
        #expect((reset.width, reset.height) == (3264, 2448))
        #expect(reset.edit == nil)
        let after = try await alice.send("GET", reset.urls.original).body
        #expect(after == before)
        #expect(SHA256.hex(SHA256.digest(after)) == SHA256.hex(SHA256.digest(try TestPhotos.photo("camera/iphone.jpg"))))

        for bad in [
            #"{"crop":null,"rotate":45}"#, #"{"crop":{"x":0,"y":0,"width":4000,"height":10},"rotate":0}"#,
            #"{"crop":{"x":-1,"y":0,"width":10,"height":10},"rotate":0}"#, #"{"rotate":"left"}"#, "{"
        ] {
            let answer = try await alice.send("PUT", "/api/v1/photos/\(photo.id.uuidString.lowercased())/edit", body: Data(bad.utf8))
            #expect(answer.status == 400, "\(bad)")
        }
    }

    /// A photo is `animated` only when its original has several frames (G10): an animated GIF is,
    /// its original served as the GIF it was; a JPEG and a GIF of one frame are not. An edit makes
    /// a still of the first frame; resetting it makes the photo move again.
    @Test func fullSizeShowsTheEditAtTheOriginalsResolutionCachedPrivately() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await upload(alice, "camera/iphone.jpg").items[0]
        let unedited = try await alice.send("GET", photo.urls.full)
        #expect(unedited.status == 200)
        #expect(JPEGHeader.size(unedited.body).map { ($0.width, $0.height) } ?? (0, 0) == (3264, 2448))

        let edited = try await alice.editPhoto(
            photo.id, PhotoEditRequest(crop: Photo.Crop(x: 100, y: 200, width: 3000, height: 1000), rotate: 90))
        #expect(edited.urls.full != photo.urls.full, "a new edit is a new address")
        let full = try await alice.send("GET", edited.urls.full)
        #expect(full.status == 200)
        #expect(full.headers["content-type"] == "image/jpeg")
        #expect(full.headers["cache-control"] == "private, max-age=31536000, immutable")
        let size = try #require(JPEGHeader.size(full.body))
        #expect((size.width, size.height) == (1000, 3000), "the crop, turned, at full size: \(size)")
        #expect(String(decoding: full.body, as: UTF8.self).contains("Exif") == false, "no metadata")
        // Asked again, the same picture (made once, then kept).
        #expect(try await alice.send("GET", edited.urls.full).body == full.body)
        // The original is still offered as it was uploaded.
        #expect(try await alice.send("GET", edited.urls.original).body == (try TestPhotos.photo("camera/iphone.jpg")))

        let bob = try await server.signedInUser("bob")
        #expect(try await bob.send("GET", edited.urls.full).status == 404, "another account's photo")
    }

    @Test func onlyAnAnimationIsAnimatedAndItsOriginalIsTheGIF() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let animation = try #require(Data(base64Encoded: Animations.gif))
        let photos = try await alice.uploadPhotos([
            WishlistClient.PhotoFile(filename: "cat.gif", data: animation),
            WishlistClient.PhotoFile(filename: "still.gif", data: try #require(Data(base64Encoded: Animations.stillGIF))),
            WishlistClient.PhotoFile(filename: "photo.jpg", data: try TestPhotos.photo("camera/canon-40d.jpg"))
        ]).items
        #expect(photos.map(\.animated) == [true, false, false])
        let json =
            try JSONSerialization.jsonObject(
                with: try await alice.send("GET", "/api/v1/photos/\(photos[0].id.uuidString.lowercased())").body) as? [String: Any]
        #expect(json?["animated"] as? Bool == true)
        let original = try await alice.send("GET", photos[0].urls.original)
        #expect(original.headers["content-type"] == "image/gif")
        #expect(original.body == animation)
        #expect(try await alice.send("GET", photos[0].urls.large).headers["content-type"] == "image/jpeg")

        let turned = try await alice.editPhoto(photos[0].id, PhotoEditRequest(crop: nil, rotate: 90))
        #expect(!turned.animated)
        #expect(try await alice.send("GET", turned.urls.original).body == animation, "the original is kept")
        #expect(try await alice.resetPhoto(photos[0].id).animated)
    }

    @Test func photosOnAWishKeepTheirOrderAndGoWithIt() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photos = try await upload(alice, "camera/canon-40d.jpg", "gps/DSCN0012.jpg", "camera/canon-40d.jpg").items
        let originals = server.dataDirectory.appendingPathComponent("media/originals")
        let stored = FileManager.default.enumerator(atPath: originals.path)?.allObjects.count ?? 0
        #expect(stored == 4, "two originals in their prefix folders: the same file twice is stored once")

        var wish = try await alice.createWish(WishDraft(name: "Camera", photoIDs: [photos[1].id, photos[0].id]))
        #expect(wish.photos.map(\.id) == [photos[1].id, photos[0].id])
        wish = try await alice.updateWish(wish.id, WishPatch(photoIDs: [photos[0].id, photos[2].id]))
        #expect(wish.photos.map(\.id) == [photos[0].id, photos[2].id])
        await expectServerError(404) { _ = try await alice.photo(photos[1].id) }  // taken off: deleted
        #expect(try await alice.wishes().items.first?.photos.first?.id == photos[0].id)
        await expectServerError(409, "photo_in_use") { try await alice.deletePhoto(photos[0].id) }
        await expectServerError(400, "unknown_photo") {
            _ = try await alice.createWish(WishDraft(name: "Thief", photoIDs: [photos[0].id]))
        }

        try await alice.deleteWish(wish.id)
        for photo in photos { await expectServerError(404) { _ = try await alice.photo(photo.id) } }
        let renditions = try FileManager.default.contentsOfDirectory(
            atPath: server.dataDirectory.appendingPathComponent("media/renditions").path)
        #expect(renditions.isEmpty)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: originals.path).filter { $0.contains("/") }.isEmpty)
    }

    @Test func mediaIsCachedForeverUnderItsVersionWithETagAndRange() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await upload(alice, "camera/canon-40d.jpg").items[0]
        let thumb = try await alice.send("GET", photo.urls.thumb)
        #expect(thumb.headers["content-type"] == "image/jpeg")
        #expect(thumb.headers["cache-control"] == "private, max-age=31536000, immutable")
        let etag = try #require(thumb.headers["etag"])
        #expect(try await alice.send("GET", photo.urls.thumb, headers: ["If-None-Match": etag]).status == 304)
        let part = try await alice.send("GET", photo.urls.original, headers: ["Range": "bytes=0-99"])
        #expect(part.status == 206)
        #expect(part.body == (try TestPhotos.photo("camera/canon-40d.jpg")).prefix(100))
        let stale = try await alice.send("GET", photo.urls.thumb.replacingOccurrences(of: "v=1", with: "v=0"))
        #expect(stale.headers["cache-control"] == "private, no-cache")
        #expect(try await alice.send("GET", "/media/\(photo.id.uuidString.lowercased())/huge").status == 404)
    }

    @Test func anotherAccountGets404ForThePhotoAndEveryFile() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let photo = try await upload(alice, "camera/canon-40d.jpg").items[0]
        let id = photo.id.uuidString.lowercased()
        for (method, path, body) in [
            ("GET", "/api/v1/photos/\(id)", nil), ("DELETE", "/api/v1/photos/\(id)", nil),
            ("PUT", "/api/v1/photos/\(id)/edit", #"{"crop":null,"rotate":90}"#),
            ("DELETE", "/api/v1/photos/\(id)/edit", nil),
            ("GET", photo.urls.thumb, nil), ("GET", photo.urls.medium, nil),
            ("GET", photo.urls.large, nil), ("GET", photo.urls.original, nil)
        ] {
            #expect(try await bob.send(method, path, body: body.map { Data($0.utf8) }).status == 404, "\(method) \(path)")
            #expect(try await server.client().send(method, path, body: body.map { Data($0.utf8) }).status == 401, "\(method) \(path)")
        }
        await expectServerError(400, "unknown_photo") {
            _ = try await bob.createWish(WishDraft(name: "Mine", photoIDs: [photo.id]))
        }
        #expect(try await alice.photo(photo.id) == photo)
    }
}

@Suite struct PhotoHousekeepingTests {
    @Test func anUnusedUploadCanBeDeletedAndHousekeepingTidiesWhatIsLeft() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        func upload(_ path: String) async throws -> Photo {
            try await alice.uploadPhotos([WishlistClient.PhotoFile(filename: path, data: try TestPhotos.photo(path))]).items[0]
        }
        let dropped = try await upload("camera/canon-40d.jpg")
        try await alice.deletePhoto(dropped.id)
        await expectServerError(404) { _ = try await alice.photo(dropped.id) }

        let abandoned = try await upload("gps/DSCN0012.jpg")
        let kept = try await upload("gps/DSCN0021.jpg")
        let wish = try await alice.createWish(WishDraft(name: "Kept", photoIDs: [kept.id]))
        let renditions = server.dataDirectory.appendingPathComponent("media/renditions")
        let stray = renditions.appendingPathComponent(UUID().uuidString.lowercased())
        try FileManager.default.createDirectory(at: stray, withIntermediateDirectories: true)
        // An edit killed before its commit leaves the next revision's renditions beside the current ones.
        let keptFolder = renditions.appendingPathComponent(kept.id.uuidString.lowercased())
        try Data("half an edit".utf8).write(to: keptFolder.appendingPathComponent("2-thumb.jpg"))
        // Left over long enough ago (files younger than the sweep's grace may be another server's).
        let longAgo = Date().addingTimeInterval(-2 * 3600)
        for leftover in [stray, keptFolder.appendingPathComponent("2-thumb.jpg")] {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: leftover.path)
        }

        // A day later the server starts again on the same data, and leads its housekeeping.
        server.clock.advance(by: 25 * 3600)
        try server.application.stop()
        let restarted = try WishlistApplication(settings: server.application.settings)
        try restarted.start()
        try waitUntil("the restarted server's first housekeeping") { restarted.housekeeping.roundsRun >= 1 }
        let folders = try FileManager.default.contentsOfDirectory(atPath: renditions.path)
        #expect(folders == [kept.id.uuidString.lowercased()])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: keptFolder.path).sorted()
                == ["1-large.jpg", "1-medium.jpg", "1-thumb.jpg"])
        let originals = try FileManager.default.subpathsOfDirectory(
            atPath: server.dataDirectory.appendingPathComponent("media/originals").path
        ).filter { $0.contains("/") }
        #expect(originals.count == 1)
        #expect(try restarted.store.photos.get(abandoned.id, owner: UserKey(1)) == nil)
        #expect(try restarted.store.wishes.get(wish.id, owner: UserKey(1))?.photos.map(\.id) == [kept.id])
        try restarted.stop()
    }

    /// A server that runs for weeks: the hourly housekeeping removes day-old uploads that never made
    /// it onto a wish, and leaves every other file alone.
    @Test func housekeepingRemovesAbandonedUploadsWhileRunning() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        func upload(_ path: String) async throws -> Photo {
            try await alice.uploadPhotos([WishlistClient.PhotoFile(filename: path, data: try TestPhotos.photo(path))]).items[0]
        }
        let abandoned = try await upload("gps/DSCN0012.jpg")
        let kept = try await upload("gps/DSCN0021.jpg")
        _ = try await alice.createWish(WishDraft(name: "Kept", photoIDs: [kept.id]))
        let renditions = server.dataDirectory.appendingPathComponent("media/renditions")

        server.application.housekeeping.tidy()
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: renditions.path))
                == [abandoned.id.uuidString.lowercased(), kept.id.uuidString.lowercased()])

        server.clock.advance(by: 25 * 3600)
        server.application.housekeeping.tidy()
        #expect(try FileManager.default.contentsOfDirectory(atPath: renditions.path) == [kept.id.uuidString.lowercased()])
        await expectServerError(404) { _ = try await alice.photo(abandoned.id) }
        #expect(try await alice.photo(kept.id).id == kept.id)
    }
}
