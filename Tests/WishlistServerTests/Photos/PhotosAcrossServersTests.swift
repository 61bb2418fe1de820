import Foundation
import TestSupport
import Testing
import WishlistClient
import WishlistCore

/// Servers on one database with their photos in one place — a folder every one mounts, or an S3
/// bucket — serve every photo whichever took the upload: each size, byte for byte, with ranges and
/// ETags as from one server; and a deletion on one is a 404 on the other.
@Suite struct PhotosAcrossServersTests {
    enum Store: String, CaseIterable, CustomStringConvertible {
        case folder, s3
        var description: String { rawValue }

        /// The `--media` of every server of one test.
        func location() throws -> String {
            switch self {
            case .folder: FileManager.default.temporaryDirectory.appending(path: "shared-media-\(UUID().uuidString)").path
            case .s3: try S3TestServer.shared().location()
            }
        }
    }

    @Test(arguments: Store.allCases) func aPhotoUploadedOnOneIsServedByTheOther(store: Store) async throws {
        let media = try store.location()
        defer { if store == .folder { try? FileManager.default.removeItem(atPath: media) } }
        try await TestServer.sharingOneDatabase(configure: { $0.media = media }) { servers in
            let uploader = try await servers[0].signedInAdmin()
            let viewer = servers[1].client()
            try await viewer.signIn(username: "alice", password: TestServer.adminPassword)
            let bytes = try TestPhotos.photo("camera/canon-40d.jpg")
            let photo = try await uploader.uploadPhotos([WishlistClient.PhotoFile(filename: "canon.jpg", data: bytes)]).items[0]

            for size in Photo.Size.allCases {
                let here = try await uploader.photoFile(photo.id, size: size)
                let there = try await viewer.photoFile(photo.id, size: size)
                #expect(there.status == 200 && there.body == here.body, "\(size)")
                #expect(there.headers["etag"] == here.headers["etag"], "\(size)")
            }
            #expect(try await viewer.photoFile(photo.id, size: .original).body == bytes)
            let etag = try #require(try await viewer.send("GET", photo.urls.thumb).headers["etag"])
            #expect(try await viewer.send("GET", photo.urls.thumb, headers: ["If-None-Match": etag]).status == 304)
            let part = try await viewer.send("GET", photo.urls.original, headers: ["Range": "bytes=100-199"])
            #expect(part.status == 206 && part.body == bytes.dropFirst(100).prefix(100))

            try await viewer.deletePhoto(photo.id)
            #expect(try await uploader.send("GET", photo.urls.thumb).status == 404)
        }
    }

    @Test func aBucketThatCannotBeUsedStopsTheServerAtStartWithTheReason() throws {
        let server = try S3TestServer.shared()
        let error = #expect(throws: (any Error).self) {
            try TestServer { $0.media = "s3://no-such-bucket?endpoint=\(server.endpoint)" }
        }
        #expect(String(describing: error).contains("NoSuchBucket"))
    }
}
