import Foundation
import Testing
import WishlistClient
import WishlistCore

/// Edits, deletions and wishes taking or letting go of photos, at the same time over HTTP: every
/// answer is a success or a clear refusal, and no photo or wish is ever left without its files.
@Suite struct PhotoConcurrencyTests {
    static let photoPath = "gps/DSCN0010.jpg"

    func upload(_ client: WishlistClient) async throws -> Photo {
        try await client.uploadPhotos([
            WishlistClient.PhotoFile(filename: "photo.jpg", data: try TestPhotos.photo(Self.photoPath))
        ]).items[0]
    }

    func path(_ id: UUID) -> String { "/api/v1/photos/\(id.uuidString.lowercased())" }

    /// The size a rendition of a `width`×`height` photo has: never enlarged, the thumb square.
    func expectedSize(_ size: Photo.Size, width: Int, height: Int) -> (width: Int, height: Int) {
        let side =
            switch size {
            case .thumb: 320
            case .medium: 1024
            default: 2048
            }
        if size == .thumb {
            let square = min(side, width, height)
            return (square, square)
        }
        let scale = min(1, Double(side) / Double(max(width, height)))
        return (Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded()))
    }

    /// Every rendition of the photo as the server now describes it answers 200 with an image of
    /// the size the record says (within a pixel of rounding), and the original answers too.
    func expectComplete(_ photo: Photo, _ client: WishlistClient, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for (size, url) in [(Photo.Size.thumb, photo.urls.thumb), (.medium, photo.urls.medium), (.large, photo.urls.large)] {
            let answer = try await client.send("GET", url)
            #expect(answer.status == 200, "\(url)", sourceLocation: sourceLocation)
            guard answer.status == 200 else { continue }
            let actual = try #require(JPEGHeader.size(answer.body), sourceLocation: sourceLocation)
            let expected = expectedSize(size, width: photo.width, height: photo.height)
            #expect(
                abs(actual.width - expected.width) <= 1 && abs(actual.height - expected.height) <= 1,
                "\(url): \(actual), record says \(photo.width)×\(photo.height)", sourceLocation: sourceLocation)
        }
        #expect(try await client.send("GET", photo.urls.original).status == 200, sourceLocation: sourceLocation)
    }

    @Test func concurrentEditsOfOnePhotoNeverLoseItsImages() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let photo = try await upload(alice)
        let edits = [
            #"{"crop":null,"rotate":90}"#, #"{"crop":{"x":10,"y":20,"width":300,"height":200},"rotate":0}"#,
            #"{"crop":{"x":0,"y":0,"width":200,"height":400},"rotate":270}"#, #"{"crop":null,"rotate":180}"#,
            #"{"crop":{"x":100,"y":50,"width":500,"height":100},"rotate":90}"#, #"{"crop":null,"rotate":0}"#
        ]
        var conflicts = 0
        for round in 0..<5 {
            let answers = try await withThrowingTaskGroup(of: HTTPAnswer.self) { group in
                for edit in edits {
                    group.addTask { try await alice.send("PUT", path(photo.id) + "/edit", body: Data(edit.utf8)) }
                }
                // A reset races the edits too.
                group.addTask { try await alice.send("DELETE", path(photo.id) + "/edit") }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let statuses = answers.map(\.status)
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 409 }, "round \(round): \(statuses)")
            #expect(statuses.contains(200), "round \(round): someone wins")
            for conflict in answers where conflict.status == 409 {
                #expect(String(decoding: conflict.body, as: UTF8.self).contains("edit_conflict"))
                conflicts += 1
            }
            try await expectComplete(try await alice.photo(photo.id), alice)
        }
        #expect(conflicts > 0, "the edits overlapped")
        // The photo folder holds the current revision's files only: losers took theirs away.
        let current = try await alice.photo(photo.id)
        let folder = server.dataDirectory.appendingPathComponent("media/renditions/\(photo.id.uuidString.lowercased())")
        let revision = try #require(current.urls.thumb.split(separator: "=").last)
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
                == ["\(revision)-thumb.jpg", "\(revision)-medium.jpg", "\(revision)-large.jpg"])
        #expect(
            try FileManager.default.contentsOfDirectory(
                atPath: server.dataDirectory.appendingPathComponent("media/staging").path
            ).isEmpty)
    }

    /// Deleting a photo while wishes take it: exactly one of them gets it, and a wish never shows a
    /// photo that is gone.
    @Test func deletingAPhotoWhileWishesTakeItLeavesNoWishWithoutIt() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let other = try await alice.createWish(WishDraft(name: "Other"))
        for round in 0..<12 {
            let photo = try await upload(alice)
            let id = photo.id.uuidString.lowercased()
            enum Attempt: Sendable { case delete, create, patch }
            let answers = try await withThrowingTaskGroup(of: (Attempt, HTTPAnswer).self) { group in
                group.addTask { (.delete, try await alice.send("DELETE", path(photo.id))) }
                group.addTask {
                    (.create, try await alice.send("POST", "/api/v1/wishes", body: Data(#"{"name":"New","photoIds":["\#(id)"]}"#.utf8)))
                }
                group.addTask {
                    (
                        .patch,
                        try await alice.send(
                            "PATCH", "/api/v1/wishes/\(other.id.uuidString.lowercased())", body: Data(#"{"photoIds":["\#(id)"]}"#.utf8))
                    )
                }
                return try await group.reduce(into: [Attempt: HTTPAnswer]()) { $0[$1.0] = $1.1 }
            }
            let statuses = answers.mapValues(\.status)
            #expect([204, 409].contains(statuses[.delete]), "round \(round): \(statuses)")
            #expect([201, 400].contains(statuses[.create]), "round \(round): \(statuses)")
            #expect([200, 400].contains(statuses[.patch]), "round \(round): \(statuses)")
            #expect(statuses.values.count { (200..<300).contains($0) } == 1, "round \(round): exactly one gets the photo: \(statuses)")

            for wish in try await alice.wishes().items {
                for photo in wish.photos { try await expectComplete(try await alice.photo(photo.id), alice) }
            }
            // Free the other wish for the next round.
            _ = try await alice.updateWish(other.id, WishPatch(photoIDs: []))
        }
    }

    /// A wish lets go of a photo while it is being edited: the photo is gone with all its files, or
    /// the wish still shows it whole.
    @Test func aWishLettingGoOfAPhotoWhileItIsEditedLeavesNoStrayFiles() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        let kept = try await upload(alice)
        let wish = try await alice.createWish(WishDraft(name: "Wish", photoIDs: [kept.id]))
        for round in 0..<6 {
            let photo = try await upload(alice)
            _ = try await alice.updateWish(wish.id, WishPatch(photoIDs: [photo.id, kept.id]))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for rotate in [90, 180, 270] {
                    group.addTask {
                        try await alice.send("PUT", path(photo.id) + "/edit", body: Data(#"{"crop":null,"rotate":\#(rotate)}"#.utf8)).status
                    }
                }
                group.addTask {
                    try await alice.send(
                        "PATCH", "/api/v1/wishes/\(wish.id.uuidString.lowercased())",
                        body: Data(#"{"photoIds":["\#(kept.id.uuidString.lowercased())"]}"#.utf8)
                    ).status
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { [200, 404, 409].contains($0) }, "round \(round): \(statuses)")
            await expectServerError(404) { _ = try await alice.photo(photo.id) }
            try await expectComplete(try await alice.photo(kept.id), alice)
            let folders = try FileManager.default.contentsOfDirectory(
                atPath: server.dataDirectory.appendingPathComponent("media/renditions").path)
            #expect(folders == [kept.id.uuidString.lowercased()], "round \(round)")
        }
    }
}
