import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

@Suite struct WishRepositoryTests {
    let fixture: TestStore
    let alice: UserKey

    init() throws {
        fixture = try TestStore()
        alice = try fixture.addUser("alice")
    }

    private var wishes: WishRepository { fixture.wishes }
    private var library: PhotoLibrary { fixture.library }
    private let seoul = Place(name: "Seoul", address: "Jung-gu", latitude: 37.56, longitude: 126.97, source: .device)

    @Test func createdWishReadsBackWithEveryField() throws {
        let now = Date(millisecondsSince1970: 1_795_959_435_123)
        let created = try wishes.create(
            WishDraft(
                name: "  Road bike ", memo: "51 cm frame", link: "https://shop.example.com/bike",
                tags: ["Bike", "bike", " road  trip "], place: seoul, favorite: true),
            owner: alice, now: now)
        #expect(created.name == "Road bike")
        #expect(created.tags == ["Bike", "road trip"])
        #expect(created.version == 1)
        #expect(created.createdAt == now)
        #expect(created.updatedAt == now)
        #expect(created.photos.isEmpty)
        #expect(try wishes.get(created.id, owner: alice) == created)
    }

    @Test func brokenRulesAreValidationErrorsAndNothingIsStored() throws {
        #expect(throws: ValidationError.self) { try wishes.create(WishDraft(name: "   "), owner: alice) }
        #expect(throws: ValidationError.self) { try wishes.create(WishDraft(name: "x", link: "javascript:alert(1)"), owner: alice) }
        #expect(throws: ValidationError.self) { try wishes.create(WishDraft(name: "x", photoIDs: [UUID()]), owner: alice) }
        var farAway = seoul
        farAway.latitude = 91
        #expect(throws: ValidationError.self) { try wishes.create(WishDraft(name: "x", place: farAway), owner: alice) }
        #expect(try wishes.list(WishListQuery(), owner: alice).items.isEmpty)
        #expect(try wishes.tagCounts(owner: alice).isEmpty)
    }

    @Test func updateBumpsVersionAndUpdatedAt() throws {
        let created = try wishes.create(
            WishDraft(name: "Tent", memo: "2 people", place: seoul), owner: alice, now: Date(millisecondsSince1970: 10))
        let later = Date(millisecondsSince1970: 20)
        let updated = try library.update(
            \.wishes,
            created.id, owner: alice, with: WishPatch(name: "Big tent", memo: .clear, place: .clear), expectedVersion: 1, now: later)
        #expect(updated.name == "Big tent")
        #expect(updated.memo == nil)
        #expect(updated.place == nil)
        #expect(updated.version == 2)
        #expect(updated.updatedAt == later)
        #expect(updated.createdAt == created.createdAt)
        #expect(try wishes.get(created.id, owner: alice) == updated)
    }

    @Test func staleVersionIsRefusedAndChangesNothing() throws {
        let created = try wishes.create(WishDraft(name: "Lamp"), owner: alice)
        _ = try library.update(\.wishes, created.id, owner: alice, with: WishPatch(name: "Desk lamp"), expectedVersion: 1)
        #expect(throws: StaleVersionError("wish", current: 2)) {
            try library.update(\.wishes, created.id, owner: alice, with: WishPatch(name: "Floor lamp"), expectedVersion: 1)
        }
        #expect(try wishes.get(created.id, owner: alice)?.name == "Desk lamp")
    }

    @Test func patchThatChangesNothingKeepsTheVersion() throws {
        let created = try wishes.create(WishDraft(name: "Mug", tags: ["kitchen"]), owner: alice)
        let same = try library.update(\.wishes, created.id, owner: alice, with: WishPatch(name: " Mug ", tags: [" kitchen"]))
        #expect(same == created)
    }

    @Test func invalidPatchIsRefused() throws {
        let created = try wishes.create(WishDraft(name: "Mug"), owner: alice)
        #expect(throws: ValidationError.self) {
            try library.update(\.wishes, created.id, owner: alice, with: WishPatch(tags: (0...20).map { "t\($0)" }))
        }
        #expect(try wishes.get(created.id, owner: alice) == created)
    }

    @Test func favoriteSetAndUnset() throws {
        let created = try wishes.create(WishDraft(name: "Camera"), owner: alice)
        let starred = try wishes.setFavorite(true, created.id, owner: alice)
        #expect(starred.favorite)
        #expect(starred.version == 2)
        #expect(try wishes.list(WishListQuery(favorite: true), owner: alice).items.map(\.id) == [created.id])
        let unstarred = try wishes.setFavorite(false, created.id, owner: alice)
        #expect(!unstarred.favorite)
        #expect(try wishes.list(WishListQuery(favorite: true), owner: alice).items.isEmpty)
    }

    @Test func deleteRemovesTheWishItsTagsAndItsSearchEntry() throws {
        let created = try wishes.create(WishDraft(name: "Kayak", tags: ["outdoor"]), owner: alice)
        try library.delete(\.wishes, created.id, owner: alice)
        #expect(try wishes.get(created.id, owner: alice) == nil)
        #expect(try wishes.tagCounts(owner: alice).isEmpty)
        #expect(try wishes.search("kayak", owner: alice).byName.isEmpty)
        #expect(throws: NotFoundError("wish")) { try library.delete(\.wishes, created.id, owner: alice) }
    }

    @Test func unknownIDIsNotFound() throws {
        #expect(try wishes.get(UUID(), owner: alice) == nil)
        #expect(throws: NotFoundError("wish")) { try library.update(\.wishes, UUID(), owner: alice, with: WishPatch(name: "x")) }
        #expect(throws: NotFoundError("wish")) { try wishes.setFavorite(true, UUID(), owner: alice) }
    }

    @Test func tagCountsMostUsedFirstAndFollowEdits() throws {
        let first = try wishes.create(WishDraft(name: "a", tags: ["Travel", "gift"]), owner: alice)
        _ = try wishes.create(WishDraft(name: "b", tags: ["travel"]), owner: alice)
        _ = try wishes.create(WishDraft(name: "c", tags: ["TRAVEL", "kitchen", "gift"]), owner: alice)
        #expect(
            try wishes.tagCounts(owner: alice) == [
                TagCount(name: "Travel", count: 3), TagCount(name: "gift", count: 2), TagCount(name: "kitchen", count: 1)
            ])
        _ = try library.update(\.wishes, first.id, owner: alice, with: WishPatch(tags: ["kitchen"]))
        // Equal counts are in alphabetical order.
        #expect(
            try wishes.tagCounts(owner: alice) == [
                TagCount(name: "kitchen", count: 2), TagCount(name: "Travel", count: 2), TagCount(name: "gift", count: 1)
            ])
    }
}
