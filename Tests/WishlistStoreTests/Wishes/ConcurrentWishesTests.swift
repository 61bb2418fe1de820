import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The wishes' invariants under concurrent writers, on PostgreSQL (on SQLite every write has the
/// file to itself): every change to a wish holds its owner's `StoreLock.account`, so the second of
/// two writers meeting in `ConcurrentWriters.runTogether` waits before it reads the wish, and then
/// changes what the first one wrote. Both writers stop at writing `wishes`, after their reads.
@Suite struct ConcurrentWishesTests {
    static let now = Date(millisecondsSince1970: 80_000_000)

    /// A store on PostgreSQL with alice's wishes made from `drafts`.
    private static func store(_ drafts: [WishDraft]) throws -> (test: TestStore, alice: UserKey, wishes: [Wish]) {
        let test = try TestStore(engine: .postgres)
        let alice = try test.addUser("alice")
        let wishes = try drafts.map { try test.wishes.create($0, owner: alice, now: now) }
        return (test, alice, wishes)
    }

    /// The tag counts as the repository keeps them, and as the wishes really carry them.
    private static func counts(_ test: TestStore, _ alice: UserKey) throws -> (kept: [String: Int], real: [String: Int]) {
        let kept = Dictionary(uniqueKeysWithValues: try test.wishes.tagCounts(owner: alice).map { (Tag.key($0.name), $0.count) })
        let listed = try test.wishes.list(WishListQuery(limit: WishListQuery.maximumLimit), owner: alice).items
        let real = Dictionary(listed.flatMap(\.tags).map { (Tag.key($0), 1) }, uniquingKeysWith: +)
        return (kept, real)
    }

    @Test func twoWritersTakingOneTagOffAWishAtOnceCountItOnce() throws {
        let (test, alice, wishes) = try Self.store([WishDraft(name: "Scarf", tags: ["gift"]), WishDraft(name: "Mug", tags: ["gift"])])
        let library = test.library
        let scarf = wishes[0].id
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "wishes", ["wool", "knit"]) { tag in
            _ = try library.update(\.wishes, scarf, owner: alice, with: WishPatch(tags: [tag]), now: Self.now)
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "both succeed: \(outcomes)")
        let (kept, real) = try Self.counts(test, alice)
        #expect(real["gift"] == 1)
        #expect(kept == real)
    }

    @Test func twoWritersPuttingOneTagOnAWishAtOnceCountItOnce() throws {
        let (test, alice, wishes) = try Self.store([WishDraft(name: "Scarf"), WishDraft(name: "Mug", tags: ["gift"])])
        let library = test.library
        let scarf = wishes[0].id
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "wishes", ["wool", "knit"]) { tag in
            _ = try library.update(\.wishes, scarf, owner: alice, with: WishPatch(tags: ["gift", tag]), now: Self.now)
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "both succeed: \(outcomes)")
        let (kept, real) = try Self.counts(test, alice)
        #expect(real["gift"] == 2)
        #expect(kept == real)
    }

    @Test func twoUpdatesOfOneVersionAtOnceLetOneWin() throws {
        let (test, alice, wishes) = try Self.store([WishDraft(name: "Lamp")])
        let library = test.library
        let lamp = wishes[0].id
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "wishes", ["Desk lamp", "Floor lamp"]) { name in
            _ = try library.update(\.wishes, lamp, owner: alice, with: WishPatch(name: name), expectedVersion: 1, now: Self.now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? StaleVersionError } == [StaleVersionError("wish", current: 2)])
        let stored = try #require(try test.wishes.get(lamp, owner: alice))
        #expect(stored.version == 2)
        let winner = outcomes[0] == nil ? "Desk lamp" : "Floor lamp"
        #expect(stored.name == winner)
    }
}
