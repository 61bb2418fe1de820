import Foundation
import Testing
import WishlistClient
import WishlistCore
import WishlistCurl
import WishlistStore

@testable import WishlistServer

/// A friend opening a shared list is a read: the view is counted in memory, shown to the owner at
/// once, and written with the others about once a second, or when the server stops.
@Suite struct ShareViewCounterTests {
    /// Alice's share of one wish, and the token of its link.
    private static func share(on server: TestServer) async throws -> (WishlistClient, Share, String) {
        let alice = try await server.signedInAdmin()
        _ = try await alice.createWish(WishDraft(name: "Bike"))
        let share = try await alice.createShare(ShareDraft(title: "All"))
        return (alice, share, try WishlistClient.sharedLink(URL(string: share.url)!, transport: CurlTransport()).token)
    }

    /// The views as the table holds them (the owner's API adds those waiting in memory).
    private static func stored(_ share: Share, _ server: TestServer) throws -> Int {
        let owner = try #require(try server.application.store.users.credentials(username: "alice")).account.key
        return try server.application.store.shares.show(share.id, owner: owner, linkPrefix: "").views
    }

    /// Waits until `condition` holds, checking every 20 ms without holding a thread: a round is due
    /// within a second, and the bound only keeps a counter that never writes from hanging the suite.
    private static func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(20)
        while try !condition() {
            if ContinuousClock.now > deadline { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    @Test func aVisitWritesNothingYetTheOwnerSeesItAtOnceAndOnceStoppedItIsStored() async throws {
        let server = try TestServer()
        let (alice, share, token) = try await Self.share(on: server)
        // Without its rounds, the counter writes only when it stops.
        server.application.shareViews.stop()
        let friend = server.client()
        let writes = server.application.store.writeCount
        _ = try await friend.sharedList(token: token)
        _ = try await friend.send("GET", "/s/\(token)")
        #expect(server.application.store.writeCount == writes, "a friend's visit wrote to the database")
        #expect(try Self.stored(share, server) == 0)
        let seen = try await alice.share(share.id)
        #expect(seen.views == 2 && seen.lastViewedAt == server.clock.now)
        #expect(try await alice.shares().map(\.views) == [2])
        #expect(try await alice.rotateShare(share.id).views == 2, "a rotated link keeps its share's views")

        // A clean stop (SIGTERM's path) writes what waits, and the owner does not see it twice.
        server.application.shareViews.stop()
        #expect(try Self.stored(share, server) == 2)
        #expect(try await alice.share(share.id).views == 2)
        #expect(try await alice.updateShare(share.id, SharePatch(title: "Renamed")).views == 2)
    }

    @Test func theRoundsWriteEveryShareViewedAndStaleNoKeptAnswer() async throws {
        let server = try TestServer()
        let (alice, share, token) = try await Self.share(on: server)
        let other = try await alice.createShare(ShareDraft(title: "Other"))
        let lists = server.application.store.sharedLists
        let first = try #require(try lists.open(token: token, now: server.clock.now))
        let second = try #require(
            try lists.open(
                token: try WishlistClient.sharedLink(URL(string: other.url)!, transport: CurlTransport()).token, now: server.clock.now))
        // A counter of its own, counted before it starts: its first round finds every view waiting.
        let counter = ShareViewCounter(lists: lists, interval: .milliseconds(50), logger: nil)
        for _ in 1...3 { counter.count(first, at: server.clock.now) }
        counter.count(second, at: server.clock.now)
        let writes = server.application.store.writeCount
        counter.start()
        defer { counter.stop() }
        #expect(try await Self.eventually { try Self.stored(share, server) == 3 })
        #expect(try Self.stored(other, server) == 1)
        #expect(server.application.store.writeCount == writes, "writing views made every kept answer stale")
        #expect(
            try counter.sharesWithViews { [try server.application.store.shares.show(share.id, owner: first.owner, linkPrefix: "")] }
                .map(\.views) == [3], "written views are no longer waiting")
    }

    @Test func theServersOwnRoundsStoreAViewWithinAboutASecond() async throws {
        let server = try TestServer()
        let (_, share, token) = try await Self.share(on: server)
        _ = try await server.client().sharedList(token: token)
        #expect(try await Self.eventually { try Self.stored(share, server) == 1 })
    }
}
