import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Shares and a share's link as the store resolves them, and reservations' rows (X7, X8), on both
/// engines; and on PostgreSQL, the writes that check before they act, made to meet.
@Suite struct SharedListRepositoryTests {
    /// A new store on `engine` with an account, alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey
        let now = Date(millisecondsSince1970: 1_800_000_000_000)

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var shares: ShareRepository { test.store.shares }
        var lists: SharedListRepository { test.store.sharedLists }

        /// A new share of alice's, opened by its link.
        func open(_ draft: ShareDraft = ShareDraft(title: "A")) throws -> OpenShare {
            let share = try shares.create(draft, owner: alice, linkPrefix: "/s/", now: now)
            return try #require(try lists.open(token: token(share), now: now))
        }

        func token(_ share: Share) -> String { String(share.url.dropFirst("/s/".count)) }

        /// How many reservations are stored, whoever's.
        func reservationCount() throws -> Int {
            try test.store.database.read { db in try db.scalar("SELECT count(*) FROM reservations") ?? 0 }
        }
    }

    @Test(arguments: TestEngine.allCases) func aLinkOpensOnlyWhileLiveAndItsOwnerEnabled(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (shares, lists, alice, now) = (fixture.shares, fixture.lists, fixture.alice, fixture.now)
        let share = try shares.create(
            ShareDraft(title: "A", expiresAt: now.addingTimeInterval(60)), owner: alice, linkPrefix: "/s/", now: now)
        #expect(try lists.open(token: fixture.token(share), now: now)?.owner == alice)
        #expect(try lists.open(token: fixture.token(share), now: now.addingTimeInterval(60)) == nil, "expired at its expiry")
        try fixture.test.store.users.setDisabled(true, username: "alice", now: now)
        #expect(try lists.open(token: fixture.token(share), now: now) == nil, "a disabled account shares nothing")
        try fixture.test.store.users.setDisabled(false, username: "alice", now: now)
        let rotated = try shares.rotate(share.id, owner: alice, linkPrefix: "/s/")
        #expect(try lists.open(token: fixture.token(share), now: now) == nil)
        #expect(try lists.open(token: fixture.token(rotated), now: now) != nil)
        #expect(fixture.token(rotated).count == 22, "128 random bits in base64url")
    }

    @Test(arguments: TestEngine.allCases) func sharesAreListedChangedAndRevokedByTheirOwnerOnly(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (shares, alice, now) = (fixture.shares, fixture.alice, fixture.now)
        let bob = try fixture.test.addUser("bob")
        let first = try shares.create(ShareDraft(title: "First"), owner: alice, linkPrefix: "/s/", now: now)
        let second = try shares.create(
            ShareDraft(title: "Second", tag: "Books"), owner: alice, linkPrefix: "/s/", now: now.addingTimeInterval(1))
        #expect(try shares.list(owner: alice, linkPrefix: "/s/").map(\.id) == [second.id, first.id], "newest first")
        #expect(try shares.list(owner: bob, linkPrefix: "/s/").isEmpty)
        #expect(throws: NotFoundError("share")) { try shares.show(first.id, owner: bob, linkPrefix: "/s/") }

        let changed = try shares.update(
            second.id, SharePatch(title: "Reading", tag: .clear, showMemos: false), owner: alice, linkPrefix: "/s/")
        #expect(changed.title == "Reading" && changed.tag == nil && !changed.showMemos && changed.showPrices)
        #expect(try shares.show(second.id, owner: alice, linkPrefix: "/s/") == changed)
        #expect(changed.url == second.url, "the link stays")
        #expect(throws: NotFoundError("share")) {
            try shares.update(second.id, SharePatch(title: "Mine"), owner: bob, linkPrefix: "/s/")
        }
        #expect(throws: NotFoundError("share")) { try shares.rotate(first.id, owner: bob, linkPrefix: "/s/") }
        #expect(throws: NotFoundError("share")) { try shares.revoke(first.id, owner: bob) }
        try shares.revoke(first.id, owner: alice)
        #expect(throws: NotFoundError("share")) { try shares.revoke(first.id, owner: alice) }
        #expect(try shares.list(owner: alice, linkPrefix: "/s/").map(\.id) == [second.id])
    }

    /// A share shows the owner's wishes that are not private, and only those carrying its tag when
    /// it has one, with their reservations to friends; a photo's media only when its wish is shown.
    @Test(arguments: TestEngine.allCases) func aShareShowsItsWishesAndTheirPhotosOnly(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (wishes, alice) = (fixture.test.wishes, fixture.alice)
        let photos = try fixture.test.library.add(
            [.file(path: PhotoLibraryTests.path("gps/DSCN0010.jpg")), .file(path: PhotoLibraryTests.path("gps/DSCN0012.jpg"))],
            owner: alice)
        let book = try wishes.create(WishDraft(name: "Book", tags: ["Books"], photoIDs: [photos[0].id]), owner: alice)
        let bike = try wishes.create(WishDraft(name: "Bike", photoIDs: [photos[1].id]), owner: alice)
        let secret = try wishes.create(WishDraft(name: "Secret", tags: ["Books"], isPrivate: true), owner: alice)
        _ = try fixture.test.add(["Bob's"], owner: try fixture.test.addUser("bob"))
        let everything = try fixture.open()
        let books = try fixture.open(ShareDraft(title: "Books", tag: "books"))

        let page = try fixture.lists.page(everything, limit: 10, cursor: nil, forOwner: false)
        #expect(page.total == 2 && page.wishes.map(\.id) == [bike.id, book.id])
        #expect(page.reservations == [:])
        #expect(try fixture.lists.page(books, limit: 10, cursor: nil, forOwner: false).wishes.map(\.id) == [book.id])
        #expect(try fixture.lists.page(books, limit: 10, cursor: nil, forOwner: false).total == 1)
        let (shown, state) = try fixture.lists.wish(book.id, in: books, forOwner: false)
        #expect(shown == book && state == .open)
        for hidden in [bike.id, secret.id] {
            #expect(throws: SharingError.shareNotFound) { try fixture.lists.wish(hidden, in: books, forOwner: false) }
        }
        #expect(try fixture.lists.shows(photo: photos[0].id, in: books))
        #expect(try !fixture.lists.shows(photo: photos[1].id, in: books))
        #expect(try fixture.lists.shows(photo: photos[1].id, in: everything))
    }

    /// A share's count follows the owner's changes: a wish made private or public, a tag taken
    /// off or put on, a wish deleted; another account's wishes never count.
    @Test(arguments: TestEngine.allCases) func aSharesCountFollowsPrivacyTagsAndDeletes(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (test, alice) = (fixture.test, fixture.alice)
        let wishes = try test.add(["a", "b", "c", "d"], owner: alice, tags: ["Books"])
        _ = try test.add(["Bob's"], owner: try test.addUser("bob"), tags: ["books"])
        let everything = try fixture.open()
        let books = try fixture.open(ShareDraft(title: "Books", tag: "books"))
        func totals() throws -> [Int] {
            try [everything, books].map { try fixture.lists.page($0, limit: 1, cursor: nil, forOwner: false).total }
        }
        #expect(try totals() == [4, 4])
        func update(_ wish: Wish, _ patch: WishPatch) throws {
            let current = try #require(try test.wishes.get(wish.id, owner: alice))
            _ = try test.library.update(\.wishes, wish.id, owner: alice, with: patch, expectedVersion: current.version)
        }
        try update(wishes[0], WishPatch(isPrivate: true))
        #expect(try totals() == [3, 3])
        try update(wishes[1], WishPatch(tags: []))
        #expect(try totals() == [3, 2])
        try update(wishes[0], WishPatch(tags: ["other"]))
        #expect(try totals() == [3, 2])
        try update(wishes[0], WishPatch(isPrivate: false))
        #expect(try totals() == [4, 2])
        try test.library.delete(\.wishes, wishes[2].id, owner: alice)
        #expect(try totals() == [3, 1])
        try update(wishes[1], WishPatch(tags: ["BOOKS"], isPrivate: true))
        #expect(try totals() == [2, 1])
        // A tag no wish carries (it has no row in `tags`) counts none.
        #expect(
            try fixture.lists.page(try fixture.open(ShareDraft(title: "None", tag: "nothing")), limit: 1, cursor: nil, forOwner: false)
                .total == 0)
    }

    /// One reservation per wish; only its key cancels it, and a browser's keys are told apart.
    @Test(arguments: TestEngine.allCases) func aWishIsReservedOnceAndCancelledWithItsKeyOnly(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (lists, now) = (fixture.lists, fixture.now)
        let bike = try fixture.test.wishes.create(WishDraft(name: "Bike"), owner: fixture.alice)
        let open = try fixture.open()
        let key = try lists.reserve(bike.id, in: open, ReservationRequest(name: "May", showName: true), now: now)
        #expect(throws: SharingError.alreadyReserved) { try lists.reserve(bike.id, in: open, ReservationRequest(), now: now) }
        #expect(try lists.wish(bike.id, in: open, forOwner: false).1 == .reserved(by: "May"))
        let status = try lists.check([key, "unknown"], in: open)
        #expect(status == ReservationStatus(held: [.init(key: key, wishId: bike.id)], gone: ["unknown"]))

        #expect(throws: SharingError.notYourReservation) { try lists.cancelReservation(bike.id, in: open, key: "unknown") }
        try lists.cancelReservation(bike.id, in: open, key: key)
        #expect(throws: NotFoundError("reservation")) { try lists.cancelReservation(bike.id, in: open, key: key) }
        #expect(try lists.check([key], in: open) == ReservationStatus(held: [], gone: [key]))
        let closed = try fixture.open(ShareDraft(title: "No", allowReservations: false))
        #expect(throws: SharingError.reservationsOff) { try lists.reserve(bike.id, in: closed, ReservationRequest(), now: now) }
        #expect(try fixture.reservationCount() == 0)
    }

    @Test(arguments: TestEngine.allCases) func deletingAWishDeletesItsReservationRow(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.test.wishes.create(WishDraft(name: "Bike"), owner: fixture.alice)
        let key = try fixture.lists.reserve(wish.id, in: try fixture.open(), ReservationRequest(name: "May"), now: fixture.now)
        #expect(try fixture.reservationCount() == 1)
        let stored: Data? = try fixture.test.store.database.read { db in try db.scalar("SELECT key_hash FROM reservations") }
        #expect(stored != Data(key.utf8), "only the key's digest is kept")
        try fixture.test.library.delete(\.wishes, wish.id, owner: fixture.alice)
        #expect(try fixture.reservationCount() == 0)
    }

    @Test(arguments: TestEngine.allCases) func theOwnersPageReadsNoReservation(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.test.wishes.create(WishDraft(name: "Bike"), owner: fixture.alice)
        let open = try fixture.open()
        _ = try fixture.lists.reserve(wish.id, in: open, ReservationRequest(), now: fixture.now)
        #expect(try fixture.lists.page(open, limit: 10, cursor: nil, forOwner: true).reservations == nil)
        #expect(try fixture.lists.page(open, limit: 10, cursor: nil, forOwner: false).reservations?[wish.id] == .reserved(by: nil))
    }

    /// Views counted in memory reach their shares: added up, the last view only ever moving forward,
    /// a rotated link's views still its share's, a revoked share's dropped, and no kept answer made stale.
    @Test(arguments: TestEngine.allCases) func viewsAreAddedToTheirShares(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let (shares, lists, alice, now) = (fixture.shares, fixture.lists, fixture.alice, fixture.now)
        let kept = try shares.create(ShareDraft(title: "Kept"), owner: alice, linkPrefix: "/s/", now: now)
        let revoked = try shares.create(ShareDraft(title: "Gone"), owner: alice, linkPrefix: "/s/", now: now)
        let rotated = try shares.rotate(kept.id, owner: alice, linkPrefix: "/s/")
        #expect(try lists.open(token: fixture.token(rotated), now: now)?.id == kept.id, "views are counted by share, not by link")
        try shares.revoke(revoked.id, owner: alice)
        let later = now.addingTimeInterval(60)
        let writes = fixture.test.store.writeCount
        try lists.addViews([
            ShareViewTally(share: kept.id, views: 3, lastViewedAt: later),
            ShareViewTally(share: revoked.id, views: 5, lastViewedAt: later)
        ])
        #expect(fixture.test.store.writeCount == writes, "views made every answer a read cache keeps stale")
        try lists.addViews([ShareViewTally(share: kept.id, views: 2, lastViewedAt: now)])
        let stored = try shares.show(kept.id, owner: alice, linkPrefix: "/s/")
        #expect(stored.views == 5)
        #expect(stored.lastViewedAt == later, "a late write of an earlier view does not move the last view back")
        #expect(try shares.list(owner: alice, linkPrefix: "/s/").map(\.id) == [kept.id])
    }

    // MARK: Writers at once on PostgreSQL

    /// Two friends reserve one wish at once (both stopped at inserting into `reservations`): one
    /// gets it, the other is told it is taken.
    @Test func twoReservationsOfOneWishAtOnceLetOneWinOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (lists, now) = (fixture.lists, fixture.now)
        let bike = try fixture.test.wishes.create(WishDraft(name: "Bike"), owner: fixture.alice)
        let open = try fixture.open()
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "reservations", ["May", "Tom"]) { name in
            _ = try lists.reserve(bike.id, in: open, ReservationRequest(name: name), now: now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? SharingError } == [.alreadyReserved])
        #expect(try fixture.reservationCount() == 1)
    }

    /// A friend reserves a wish while its owner deletes it (both stopped at writing
    /// `reservations`, the deletion at removing the wish's reservations with it): the owner's lock
    /// orders them, so the reservation is made first and deleted with the wish, or finds the wish
    /// gone. Without it, the reservation would check a wish about to go and fail on its foreign key.
    @Test func aReservationAndTheDeletionOfItsWishAtOnceLeaveNoReservationOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (lists, library, alice, now) = (fixture.lists, fixture.test.library, fixture.alice, fixture.now)
        let bike = try fixture.test.wishes.create(WishDraft(name: "Bike"), owner: alice)
        let open = try fixture.open()
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "reservations", ["reserve", "delete"]) { writer in
            if writer == "reserve" {
                _ = try lists.reserve(bike.id, in: open, ReservationRequest(), now: now)
            } else {
                try library.delete(\.wishes, bike.id, owner: alice)
            }
        }
        #expect(outcomes[1] == nil, "the wish is deleted")
        #expect(outcomes[0] == nil || outcomes[0] as? SharingError == .shareNotFound)
        #expect(try fixture.reservationCount() == 0)
    }

    /// Two changes of one share at once (both stopped at writing `shares`, after reading it): each
    /// keeps the other's field, since the second reads the share after the first wrote it.
    @Test func twoChangesOfOneShareAtOnceKeepBothOnPostgreSQL() throws {
        let fixture = try Fixture(.postgres)
        let (shares, alice) = (fixture.shares, fixture.alice)
        let share = try shares.create(ShareDraft(title: "A"), owner: alice, linkPrefix: "/s/", now: fixture.now)
        let outcomes = try ConcurrentWriters.runTogether(fixture.test, holding: "shares", ["title", "memos"]) { field in
            let patch = field == "title" ? SharePatch(title: "Birthday") : SharePatch(showMemos: false)
            _ = try shares.update(share.id, patch, owner: alice, linkPrefix: "/s/")
        }
        #expect(outcomes.allSatisfy { $0 == nil })
        let stored = try shares.show(share.id, owner: alice, linkPrefix: "/s/")
        #expect(stored.title == "Birthday" && !stored.showMemos)
    }
}
