import Foundation
import Testing
import WishlistClient
import WishlistCore

/// Servers sharing one PostgreSQL database answer as one: a write on one is in the very next
/// read on another, even when that other kept the same read's answer a moment before.
@Suite struct KeptAnswersAcrossServersTests {
    @Test func aWriteOnOneServerIsInTheNextReadOnAnother() async throws {
        try await TestServer.sharingOneDatabase { servers in
            let tries = 200
            let writer = try await servers[0].signedInAdmin()
            let reader = servers[1].client()
            try await reader.signIn(username: "alice", password: TestServer.adminPassword)
            var stale = 0
            for number in 1...tries {
                // The reader's answer is kept, and asked again at once: then the other server writes.
                _ = try await reader.wishes()
                _ = try await reader.wishes()
                let wish = try await writer.createWish(WishDraft(name: "Wish \(number)"))
                let listed = try await reader.wishes()
                if listed.items.first?.id != wish.id { stale += 1 }
                if number.isMultiple(of: 10) {
                    _ = try await reader.wish(wish.id)
                    _ = try await writer.updateWish(wish.id, WishPatch(name: "Renamed \(number)"), expectedVersion: wish.version)
                    if try await reader.wish(wish.id).name != "Renamed \(number)" { stale += 1 }
                }
            }
            #expect(stale == 0, "\(stale) stale answers in \(tries + tries / 10) reads")
        }
    }
}
