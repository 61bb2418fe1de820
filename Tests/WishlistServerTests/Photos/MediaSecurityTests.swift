import Foundation
import HTTPServer
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

/// What `/media/…` answers can and cannot do in a browser: an uploaded SVG or HTML never becomes a
/// page of this origin (X1).
@Suite struct MediaSecurityTests {
    /// A multipart upload of one file whose name and declared type claim a JPEG.
    private func uploadDisguised(_ client: WishlistClient, _ contents: String, filename: String = "cat.jpg") async throws -> HTTPAnswer {
        let body =
            "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n"
            + "Content-Type: image/jpeg\r\n\r\n\(contents)\r\n--b--\r\n"
        return try await client.send("POST", "/api/v1/photos", body: Data(body.utf8), contentType: "multipart/form-data; boundary=b")
    }

    static let hostileFiles = [
        "svg": #"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>"#,
        "html": #"<!doctype html><html><body><script>fetch('/api/v1/wishes').then(r=>r.text()).then(alert)</script></body></html>"#,
        "jpeg-looking html": "\u{FF}\u{D8}<html><script>alert(1)</script></html>"
    ]

    @Test func svgAndHTMLDisguisedAsJPEGAreRefusedAndNothingIsKept() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        for (name, contents) in Self.hostileFiles {
            for filename in ["cat.jpg", "cat.svg", "cat.html"] {
                let answer = try await uploadDisguised(alice, contents, filename: filename)
                #expect(answer.status == 415, "\(name) as \(filename) → \(answer.status)")
                #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code""#))
            }
        }
        let media = server.dataDirectory.appendingPathComponent("media")
        let kept = FileManager.default.enumerator(atPath: media.path)?.allObjects.compactMap { $0 as? String } ?? []
        let files = kept.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: media.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
        #expect(files.isEmpty, "kept: \(files)")
    }

    @Test func everyMediaAnswerIsConfinedAndNamedByTheServer() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await alice.uploadPhotos([
            WishlistClient.PhotoFile(filename: "evil\"; filename=x.html", data: try TestPhotos.photo("camera/canon-40d.jpg"))
        ]).items[0]
        let expectedNames = [
            photo.urls.thumb: "photo-thumb.jpg", photo.urls.medium: "photo-medium.jpg", photo.urls.large: "photo-large.jpg",
            photo.urls.full: "photo-full.jpg", photo.urls.original: "photo.jpg"
        ]
        for (url, filename) in expectedNames {
            let answer = try await alice.send("GET", url)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "image/jpeg", "\(url)")
            #expect(answer.headers["x-content-type-options"] == "nosniff")
            #expect(answer.headers["content-security-policy"] == "default-src 'none'; sandbox")
            #expect(answer.headers["content-disposition"] == "inline; filename=\"\(filename)\"", "\(url)")
        }
        // A range and a revalidation carry them too.
        let part = try await alice.send("GET", photo.urls.original, headers: ["Range": "bytes=0-9"])
        #expect(part.status == 206)
        #expect(part.headers["content-security-policy"] == "default-src 'none'; sandbox")
    }

    @Test func theTypeComesFromTheSniffedFormatNotTheUpload() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        // A HEIC named .jpg and declared as a JPEG: its original is served as the JPEG made from it.
        let photo = try await alice.uploadPhotos([
            WishlistClient.PhotoFile(filename: "photo.png", data: try TestPhotos.photo("camera/iphone.heic"))
        ]).items[0]
        let original = try await alice.send("GET", photo.urls.original)
        #expect(original.headers["content-type"] == "image/jpeg")
        #expect(original.headers["content-disposition"] == "inline; filename=\"photo.jpg\"")
    }

    @Test func anythingButARasterImageIsOnlyEverDownloaded() {
        for (type, disposition) in [
            ("image/jpeg", "inline"), ("image/gif", "inline"), ("image/svg+xml", "attachment"),
            ("application/octet-stream", "attachment"), ("text/html", "attachment")
        ] {
            var response = Response(status: .ok)
            let file = MediaFile(path: "/nowhere", contentType: type, version: "1", filename: "photo.bin")
            PhotosController.confine(&response, file, size: .original)
            #expect(response.headers["Content-Disposition"] == "\(disposition); filename=\"photo.bin\"", "\(type)")
            #expect(response.headers["Content-Security-Policy"] == "default-src 'none'; sandbox")
        }
    }
}
