import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

@Suite struct WishImportTests {
    let fixture: TestStore
    let alice: UserKey
    let now = Date(millisecondsSince1970: 1_800_000_000_000)

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private func item(
        _ name: String, link: String? = nil, tags: [String] = [], memo: String? = nil, price: String? = nil, addedAt: Date? = nil
    ) -> ImportedWish {
        ImportedWish(item: "Item \(name)", draft: WishDraft(name: name, memo: memo, link: link, tags: tags), price: price, addedAt: addedAt)
    }

    private func all(_ owner: UserKey) throws -> [Wish] {
        try fixture.wishes.list(WishListQuery(limit: 100), owner: owner).items
    }

    @Test func itemsBecomeWishesWithTagsMemoPriceAndTheirDate() throws {
        let added = Date(millisecondsSince1970: 1_712_345_678_000)
        let result = try fixture.wishes.importWishes(
            [
                item(
                    "Coat", link: "https://shop.example/coat", tags: ["winter", "Winter", "clothes"], memo: "size M", price: "₩89,000",
                    addedAt: added),
                item("선물 상자")
            ], owner: alice, now: now)
        #expect(result.report == ImportReport(imported: ["wishes": 2]))
        let wishes = try all(alice)
        let coat = try #require(wishes.first { $0.name == "Coat" })
        #expect(coat.tags == ["winter", "clothes"])
        #expect(coat.memo == "size M")
        #expect(coat.createdAt == added)
        #expect(coat.price == SeenPrice(amount: 89000, currency: "KRW", seenAt: added))
        #expect(result.linkedWishIDs == [coat.id])
        #expect(wishes.first { $0.name == "선물 상자" }?.createdAt == now)
        #expect(try fixture.wishes.tagCounts(owner: alice).map(\.name).sorted() == ["clothes", "winter"])
    }

    @Test func duplicatesAreSkippedByLinkOrByNameWithoutLink() throws {
        _ = try fixture.wishes.create(WishDraft(name: "Old lamp", link: "https://shop.example/lamp"), owner: alice)
        _ = try fixture.wishes.create(WishDraft(name: "Tent"), owner: alice)
        let result = try fixture.wishes.importWishes(
            [
                item("New name, same link", link: "https://shop.example/lamp"),
                item("TENT"),
                item("Tent", link: "https://shop.example/tent"),
                item("Mug"), item("mug"),
                item("Cup", link: "https://shop.example/cup"), item("Cup again", link: "https://shop.example/cup")
            ], owner: alice, now: now)
        #expect(result.report == ImportReport(imported: ["wishes": 3], skipped: ["wishes": 4]))
        #expect(try all(alice).map(\.name).sorted() == ["Cup", "Mug", "Old lamp", "Tent", "Tent"])
    }

    @Test func importingTheSameItemsTwiceChangesNothingTheSecondTime() throws {
        let items = (1...700).map { item("Wish \($0)", link: $0.isMultiple(of: 2) ? "https://shop.example/\($0)" : nil) }
        #expect(try fixture.wishes.importWishes(items, owner: alice, now: now).report.imported == ["wishes": 700])
        let again = try fixture.wishes.importWishes(items, owner: alice, now: now)
        #expect(again.report == ImportReport(skipped: ["wishes": 700]))
        #expect(again.linkedWishIDs.isEmpty)
    }

    @Test func itemsBreakingARuleAreRefusedWithTheRuleAndTheRestKept() throws {
        let result = try fixture.wishes.importWishes(
            [
                item("Script", link: "javascript:alert(1)"),
                item("Place", link: "place:sort=8"),
                item("File", link: "file:///etc/passwd"),
                item("Data", link: "data:text/html,hi"),
                item(String(repeating: "가", count: 201)),
                item("   "),
                item("Tagged", tags: (1...21).map { "t\($0)" }),
                item("Long tag", tags: [String(repeating: "x", count: 31)]),
                item("Priced", price: "cheap"),
                item("Fine", link: "https://shop.example/fine")
            ], owner: alice, now: now)
        #expect(result.report.imported == ["wishes": 1])
        #expect(
            result.report.refused.map(\.item) == [
                "Item Script", "Item Place", "Item File", "Item Data", "Item " + String(repeating: "가", count: 201), "Item    ",
                "Item Tagged", "Item Long tag", "Item Priced"
            ])
        #expect(result.report.refused[0].reason == "A link must start with http:// or https://.")
        #expect(result.report.refused[4].reason == "A name can be at most 200 characters long.")
        #expect(result.report.refused[5].reason == "A wish needs a name.")
        #expect(result.report.refused[6].reason == "A wish can have at most 20 tags.")
        #expect(result.report.refused[8].reason.contains("is not a number"))
        // The rule's code, for an app to say the reason in its own language.
        #expect(
            result.report.refused.map(\.code) == [
                "link_scheme_not_allowed", "link_scheme_not_allowed", "link_scheme_not_allowed", "link_scheme_not_allowed",
                "name_too_long", "name_required", "too_many_tags", "tag_too_long", "price_invalid"
            ])
        #expect(try all(alice).map(\.name) == ["Fine"])
    }

    @Test func aDateInTheFutureOrLongAgoIsTheImportsTime() throws {
        _ = try fixture.wishes.importWishes(
            [
                item("Future", addedAt: now.addingTimeInterval(86_400)), item("Epoch", addedAt: Date(timeIntervalSince1970: 0))
            ], owner: alice, now: now)
        #expect(try all(alice).map(\.createdAt) == [now, now])
    }

    @Test func anotherAccountsWishesAreNeitherDuplicatesNorTouched() throws {
        let bob = try fixture.addUser("bob")
        _ = try fixture.wishes.create(WishDraft(name: "Lamp", link: "https://shop.example/lamp"), owner: bob)
        let result = try fixture.wishes.importWishes([item("Lamp", link: "https://shop.example/lamp")], owner: alice, now: now)
        #expect(result.report.imported == ["wishes": 1])
        #expect(try all(bob).count == 1)
        #expect(try all(alice).count == 1)
    }
}

@Suite struct WishCSVTests {
    static func read(_ text: String) throws -> (items: [ImportedWish], refused: [ImportReport.Refusal]) {
        try WishCSV.read(Data(text.utf8))
    }

    @Test func columnsInAnyOrderWithQuotesCRLFAndBOM() throws {
        let file = try Self.read(
            "\u{FEFF}Price,Memo,NAME,tags,link\r\n\"12.99 USD\",\"line one\r\nline two, \"\"quoted\"\"\",Lamp,\"home, desk; 선물\",https://shop.example/lamp\r\n"
        )
        #expect(file.refused == [])
        let lamp = try #require(file.items.first)
        #expect(lamp.item == "Row 2: Lamp")
        #expect(
            lamp.draft
                == WishDraft(
                    name: "Lamp", memo: "line one\r\nline two, \"quoted\"", link: "https://shop.example/lamp", tags: ["home", "desk", "선물"])
        )
        #expect(lamp.price == "12.99 USD")
    }

    @Test func onlyTheNameColumnIsRequired() throws {
        let file = try Self.read("name\nMug\n\n캠핑 의자\n")
        #expect(file.items.map(\.draft) == [WishDraft(name: "Mug"), WishDraft(name: "캠핑 의자")])
    }

    @Test func unknownColumnsAndOverlongRowsAreReported() throws {
        let file = try Self.read("name,colour,,link\nLamp,red,x,https://a.example/\nMug,blue,y,https://b.example/,extra\nShort\n")
        #expect(file.refused.map(\.item) == ["Column \"colour\"", "Column 3", "Row 3: Mug"])
        #expect(file.refused[0].reason.hasPrefix("Not a column wishes have (name, link, tags, memo, price)"))
        #expect(file.refused[2].reason.contains("needs double quotes"))
        #expect(file.refused.map(\.code) == ["unknown_column", "unknown_column", "too_many_fields"])
        #expect(file.refused.map(\.row) == [nil, nil, 3])
        #expect(file.refused.map(\.name) == ["colour", "3", "Mug"])
        #expect(file.items.map(\.row) == [2, 4])
        #expect(file.items.map(\.draft.name) == ["Lamp", "Short"])
        #expect(file.items[1].draft.link == nil)
    }

    @Test func aFileThatCannotBeReadIsRefusedWhole() {
        #expect(throws: WishCSVError.headerMissing) { try Self.read("") }
        #expect(throws: WishCSVError.headerMissing) { try Self.read("Lamp,https://a.example/\n") }
        #expect(throws: WishCSVError.repeatedColumn("name")) { try Self.read("name,link,Name\n") }
        #expect(throws: WishCSVError.notUTF8) { try WishCSV.read(Data([0x6E, 0x61, 0x6D, 0x65, 0x0A, 0xBC, 0xB1])) }
        let rows = "name\n" + String(repeating: "x\n", count: ImportedWish.limit + 1)
        #expect(throws: WishCSVError.tooManyRows(limit: ImportedWish.limit)) { try Self.read(rows) }
    }
}
