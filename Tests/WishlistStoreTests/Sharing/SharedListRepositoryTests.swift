import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// A share's link as the store resolves it, and reservations' rows (X7, X8).
@Suite struct SharedListRepositoryTests {
    let fixture: TestStore
    let alice: UserKey
    let now = Date(millisecondsSince1970: 1_800_000_000_000)

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private var shares: ShareRepository { fixture.store.shares }
    private var lists: SharedListRepository { fixture.store.sharedLists }

    private func token(_ share: Share) -> String { String(share.url.dropFirst("/s/".count)) }

    @Test func aLinkOpensOnlyWhileLiveAndItsOwnerEnabled() throws {
        let share = try shares.create(
            ShareDraft(title: "A", expiresAt: now.addingTimeInterval(60)), owner: alice, linkPrefix: "/s/", now: now)
        #expect(try lists.open(token: token(share), now: now)?.owner == alice)
        #expect(try lists.open(token: token(share), now: now.addingTimeInterval(60)) == nil, "expired at its expiry")
        try fixture.store.users.setDisabled(true, username: "alice", now: now)
        #expect(try lists.open(token: token(share), now: now) == nil, "a disabled account shares nothing")
        try fixture.store.users.setDisabled(false, username: "alice", now: now)
        let rotated = try shares.rotate(share.id, owner: alice, linkPrefix: "/s/")
        #expect(try lists.open(token: token(share), now: now) == nil)
        #expect(try lists.open(token: token(rotated), now: now) != nil)
        #expect(token(rotated).count == 22, "128 random bits in base64url")
    }

    @Test func deletingAWishDeletesItsReservationRow() throws {
        let wish = try fixture.wishes.create(WishDraft(name: "Bike"), owner: alice)
        let share = try shares.create(ShareDraft(title: "A"), owner: alice, linkPrefix: "/s/", now: now)
        let open = try #require(try lists.open(token: token(share), now: now))
        let key = try lists.reserve(wish.id, in: open, ReservationRequest(name: "May"), now: now)
        let count = { try fixture.store.pool.read { db in try db.scalar("SELECT count(*) FROM reservations") as Int? } }
        #expect(try count() == 1)
        let stored: Data? = try fixture.store.pool.read { db in try db.scalar("SELECT key_hash FROM reservations") }
        #expect(stored != Data(key.utf8), "only the key's digest is kept")
        try fixture.wishes.delete(wish.id, owner: alice)
        #expect(try count() == 0)
    }

    @Test func theOwnersPageReadsNoReservation() throws {
        let wish = try fixture.wishes.create(WishDraft(name: "Bike"), owner: alice)
        let share = try shares.create(ShareDraft(title: "A"), owner: alice, linkPrefix: "/s/", now: now)
        let open = try #require(try lists.open(token: token(share), now: now))
        _ = try lists.reserve(wish.id, in: open, ReservationRequest(), now: now)
        #expect(try lists.page(open, limit: 10, cursor: nil, forOwner: true).reservations == nil)
        #expect(try lists.page(open, limit: 10, cursor: nil, forOwner: false).reservations?[wish.id] == .reserved(by: nil))
    }

    /// Views counted in memory reach their shares: added up, the last view only ever moving forward,
    /// a rotated link's views still its share's, a revoked share's dropped, and no kept answer made stale.
    @Test func viewsAreAddedToTheirShares() throws {
        let kept = try shares.create(ShareDraft(title: "Kept"), owner: alice, linkPrefix: "/s/", now: now)
        let revoked = try shares.create(ShareDraft(title: "Gone"), owner: alice, linkPrefix: "/s/", now: now)
        let rotated = try shares.rotate(kept.id, owner: alice, linkPrefix: "/s/")
        #expect(try lists.open(token: token(rotated), now: now)?.id == kept.id, "views are counted by share, not by link")
        try shares.revoke(revoked.id, owner: alice)
        let later = now.addingTimeInterval(60)
        let writes = fixture.store.writeCount
        try lists.addViews([
            ShareViewTally(share: kept.id, views: 3, lastViewedAt: later),
            ShareViewTally(share: revoked.id, views: 5, lastViewedAt: later)
        ])
        #expect(fixture.store.writeCount == writes, "views made every answer a read cache keeps stale")
        try lists.addViews([ShareViewTally(share: kept.id, views: 2, lastViewedAt: now)])
        let stored = try shares.show(kept.id, owner: alice, linkPrefix: "/s/")
        #expect(stored.views == 5)
        #expect(stored.lastViewedAt == later, "a late write of an earlier view does not move the last view back")
        #expect(try shares.list(owner: alice, linkPrefix: "/s/").map(\.id) == [kept.id])
    }
}
