import Foundation
import TestSupport
import Testing
import WishlistClient

@testable import WishlistServer

/// A search is a read: it is remembered as a recent search a moment later, and the account's
/// list never shows it missing.
@Suite struct RecentSearchRecorderTests {
    @Test func aSearchWritesNothingYetItsListHasItInOrder() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.wishes()  // the token's first use is written once; searches come after
        // The first housekeeping round writes too (on PostgreSQL every write transaction counts,
        // and on a busy machine the round came only after the searches had begun).
        try waitUntil("the first housekeeping round") { server.application.housekeeping.roundsRun >= 1 }
        // Without its rounds, the recorder writes only when the list is asked for.
        server.application.recentSearchRecorder.stop()
        let writes = server.application.store.writeCount
        _ = try await alice.search("lamp")
        _ = try await alice.search("bike")
        _ = try await alice.search("lamp")
        #expect(server.application.store.writeCount == writes, "a search wrote to the database")

        // The second "lamp" was answered from the read cache (nothing was written in between) and
        // still put on top.
        #expect(try await alice.recentSearches().map(\.query) == ["lamp", "bike"])
        #expect(server.application.store.writeCount == writes, "remembering searches made every kept answer stale")
        let bike = try #require(try await alice.recentSearches().first { $0.query == "bike" })
        _ = try await alice.search("tent")
        try await alice.deleteRecentSearch(bike.id)
        #expect(try await alice.recentSearches().map(\.query) == ["tent", "lamp"])
        _ = try await alice.search("kettle")
        try await alice.clearRecentSearches()
        #expect(try await alice.recentSearches().isEmpty)
    }

    /// Whether a round wrote it before or stopping did, it is in the database once stopped
    /// (read from the store: asking the API for the list would write it first).
    @Test func searchesStillWaitingAreWrittenWhenTheServerStops() async throws {
        let server = try TestServer()
        let alice = try await server.signedInAdmin()
        _ = try await alice.search("umbrella")
        server.application.recentSearchRecorder.stop()
        let owner = try #require(try server.application.store.users.credentials(username: "alice")).account.key
        #expect(try server.application.store.recentSearches.list(owner: owner).map(\.query) == ["umbrella"])
    }
}
