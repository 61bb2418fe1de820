import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The prices seen on wishes' links, on both engines.
@Suite struct WishPriceTests {
    /// A new store on `engine` with one account, alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var wishes: WishRepository { test.wishes }
    }

    private func at(_ milliseconds: Int64) -> Date { Date(millisecondsSince1970: milliseconds) }

    @Test(arguments: TestEngine.allCases) func aChangedPriceIsAddedNewestFirstAndTheSameOneIsNot(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.wishes.create(WishDraft(name: "Bag", link: "https://shop.example/bag"), owner: fixture.alice, now: at(1))
        #expect(wish.price == nil && wish.priceHistory.isEmpty)
        _ = try fixture.wishes.recordPrice(89000, currency: "KRW", on: wish.id, owner: fixture.alice, now: at(10))
        let same = try fixture.wishes.recordPrice(89000, currency: "KRW", on: wish.id, owner: fixture.alice, now: at(20))
        #expect(same.priceHistory == [SeenPrice(amount: 89000, currency: "KRW", seenAt: at(10))])
        let cheaper = try fixture.wishes.recordPrice(79000, currency: "KRW", on: wish.id, owner: fixture.alice, now: at(30))
        #expect(cheaper.price == SeenPrice(amount: 79000, currency: "KRW", seenAt: at(30)))
        #expect(cheaper.priceHistory.map(\.amount) == [79000, 89000])
        #expect(cheaper.version == wish.version, "a price is observed, not edited")
        #expect(try fixture.wishes.get(wish.id, owner: fixture.alice) == cheaper)
    }

    @Test(arguments: TestEngine.allCases) func exactDecimalsSurvive(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.wishes.create(WishDraft(name: "Lamp"), owner: fixture.alice, now: at(1))
        let amount = try #require(Decimal(string: "1299.95"))
        #expect(
            try fixture.wishes.recordPrice(amount, currency: nil, on: wish.id, owner: fixture.alice, now: at(2)).price?.amount == amount)
    }

    @Test(arguments: TestEngine.allCases) func theHistoryShowsTheNewest50(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let wish = try fixture.wishes.create(WishDraft(name: "Phone"), owner: fixture.alice, now: at(1))
        for step in 0..<60 {
            _ = try fixture.wishes.recordPrice(
                Decimal(1000 + step), currency: "USD", on: wish.id, owner: fixture.alice, now: at(Int64(100 + step)))
        }
        let history = try #require(try fixture.wishes.get(wish.id, owner: fixture.alice)).priceHistory
        #expect(history.count == 50)
        #expect(history.first?.amount == 1059)
        #expect(history.last?.amount == 1010)
    }

    @Test(arguments: TestEngine.allCases) func anotherAccountsWishIsNotFound(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        let wish = try fixture.wishes.create(WishDraft(name: "Bag"), owner: fixture.alice, now: at(1))
        #expect(throws: NotFoundError("wish")) {
            try fixture.wishes.recordPrice(1, currency: nil, on: wish.id, owner: bob, now: at(2))
        }
    }

    @Test(arguments: TestEngine.allCases) func linkedWishesPageThroughEveryAccount(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let bob = try fixture.test.addUser("bob")
        let linked = try [fixture.alice, bob, fixture.alice].enumerated().map { index, owner in
            try fixture.wishes.create(WishDraft(name: "W\(index)", link: "https://shop.example/\(index)"), owner: owner, now: at(1))
        }
        _ = try fixture.wishes.create(WishDraft(name: "No link"), owner: bob, now: at(1))
        let first = try fixture.wishes.linkedWishes(after: nil, limit: 2)
        let rest = try fixture.wishes.linkedWishes(after: first.last?.id, limit: 2)
        #expect(first.count == 2 && rest.count == 1)
        #expect(Set((first + rest).map(\.id)) == Set(linked.map(\.id)))
    }
}
