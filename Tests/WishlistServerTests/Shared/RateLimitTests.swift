import Foundation
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer

/// What costs most is capped per account (per address before sign-in): 429 with `Retry-After`
/// past the cap, nothing done, other accounts unaffected, and the cap lifts after a minute.
@Suite struct RateLimitTests {
    static let photo = "gps/DSCN0010.jpg"

    func upload(_ client: WishlistClient) async throws -> [Photo] {
        try await client.uploadPhotos([WishlistClient.PhotoFile(filename: "a.jpg", data: try TestPhotos.photo(Self.photo))]).items
    }

    @Test func uploadsPastTheCapAreRefusedUntilTheMinuteHasPassed() async throws {
        let server = try TestServer { $0.rateLimits = [.uploads: 2] }
        let alice = try await server.signedInAdmin()
        let bob = try await server.signedInUser("bob")
        let kept = try await upload(alice) + upload(alice)
        let refused = try await alice.send(
            "POST", "/api/v1/photos", body: Data("--x--\r\n".utf8), contentType: "multipart/form-data; boundary=x")
        #expect(refused.status == 429)
        #expect(refused.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("\"code\":\"rate_limited\""))
        #expect(String(decoding: refused.body, as: UTF8.self).contains("Too many photos uploaded in the last minute."))
        let wait = try #require(Int(refused.headers["retry-after"] ?? ""))
        #expect((1...60).contains(wait))
        await expectServerError(429, "rate_limited") { _ = try await upload(alice) }
        // Nothing of the refused uploads was kept; Bob has his own cap.
        for photo in kept { #expect(try await alice.photo(photo.id).id == photo.id) }
        #expect(try await upload(bob).count == 1)

        server.clock.advance(by: 61)
        #expect(try await upload(alice).count == 1)
    }

    /// Servers sharing a PostgreSQL database count together: a cap of N a minute is N across them
    /// all, and failed sign-ins on one count on the others.
    @Test func serversSharingADatabaseShareTheirCaps() async throws {
        let configure: (inout ServerSettings) -> Void = {
            $0.rateLimits = [.linkPreviews: 3]
            $0.loginFailuresPerUsername = 2
        }
        try await TestServer.sharingOneDatabase(configure: configure) { servers in
            let first = try await servers[0].signedInAdmin()
            let second = servers[1].client()
            try await second.signIn(username: "alice", password: TestServer.adminPassword)
            // Refused addresses still count: each cost a request.
            await expectServerError(400) { _ = try await first.linkPreview("ftp://example.com/") }
            await expectServerError(400) { _ = try await second.linkPreview("ftp://example.com/") }
            await expectServerError(400) { _ = try await first.linkPreview("ftp://example.com/") }
            for client in [first, second] {
                await expectServerError(429, "rate_limited") { _ = try await client.linkPreview("ftp://example.com/") }
            }
            for server in servers {
                await expectServerError(401) { try await server.client().signIn(username: "alice", password: "not the password") }
            }
            for server in servers {
                await expectServerError(429, "too_many_attempts") {
                    try await server.client().signIn(username: "alice", password: TestServer.adminPassword)
                }
            }
            // The minute passes on both servers' clocks: each may go on.
            for server in servers { server.clock.advance(by: 61) }
            await expectServerError(400) { _ = try await second.linkPreview("ftp://example.com/") }
        }
    }

    @Test func signInsAreCountedPerAddressWhetherTheyWorkOrNot() async throws {
        let server = try TestServer { $0.rateLimits = [.signIns: 3] }
        _ = try await server.signedInAdmin()  // setting up signs in without counting
        await expectServerError(401) { try await server.client().signIn(username: "alice", password: "not the password") }
        for _ in 1...2 { try await server.client().signIn(username: "alice", password: TestServer.adminPassword) }
        await expectServerError(429, "rate_limited") {
            try await server.client().signIn(username: "alice", password: TestServer.adminPassword)
        }
        server.clock.advance(by: 60)
        try await server.client().signIn(username: "alice", password: TestServer.adminPassword)
    }

    @Test func linkPreviewsAndGifSearchesHaveTheirOwnCaps() async throws {
        let server = try TestServer { $0.rateLimits = [.linkPreviews: 1, .gifSearches: 1] }
        let alice = try await server.signedInAdmin()
        // A refused address still counts: it cost a request.
        await expectServerError(400) { _ = try await alice.linkPreview("ftp://example.com/") }
        await expectServerError(429, "rate_limited") { _ = try await alice.linkPreview("ftp://example.com/") }
        // No Giphy key here: the first search is told so, the second is over the cap.
        await expectServerError(503, "gifs_not_configured") { _ = try await alice.searchGifs("cat") }
        await expectServerError(429, "rate_limited") { _ = try await alice.searchGifs("cat") }
        // Other actions are not capped by these.
        #expect(try await upload(alice).count == 1)
    }

    /// A share makes a wish from a link and photos: it counts against the same caps as a link
    /// preview and an upload of each photo, per account signed in and per address signed out.
    @Test func sharesCountAsLinkPreviewsAndUploads() async throws {
        let server = try TestServer { $0.rateLimits = [.uploads: 2, .linkPreviews: 1] }
        let alice = try await server.signedInAdmin()
        let photo = try TestPhotos.photo(Self.photo)
        func share(_ client: WishlistClient, _ fields: [String: String], files: [Data] = []) async throws -> HTTPAnswer {
            let (body, contentType) = ShareTests.multipart(fields, files: files)
            return try await client.send("POST", "/share", body: body, contentType: contentType)
        }
        // Two photos in one share are the minute's two uploads; a link taken from the text is its lookup.
        #expect(try await share(alice, ["title": "Two photos"], files: [photo, photo]).status != 429)
        #expect(try await share(alice, ["title": "One more"], files: [photo]).status == 429)
        #expect(try await share(alice, ["text": "See http://127.0.0.1:9/bag"]).status != 429)
        let refused = try await share(alice, ["url": "http://127.0.0.1:9/shoes"])
        #expect(refused.status == 429)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("Too many links looked up in the last minute."))
        #expect(Int(refused.headers["retry-after"] ?? "") != nil)
        // Nothing refused was made.
        let made = try await alice.wishes().items
        #expect(made.count == 2)
        #expect(made.contains { $0.name == "Two photos" && $0.photos.count == 2 })
        // Signed out, a share is kept in memory until sign-in: counted per address.
        let stranger = server.client()
        for _ in 1...2 { #expect(try await share(stranger, ["url": "https://example.com/a"]).status != 429) }
        #expect(try await share(stranger, ["url": "https://example.com/a"]).status == 429)
    }
}
