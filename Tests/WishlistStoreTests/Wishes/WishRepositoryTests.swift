import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The wishes' repository on both engines: create, read, update with versions, delete, favorites
/// and tag counts.
@Suite struct WishRepositoryTests {
    /// A new store on `engine` with one account, alice.
    private struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var wishes: WishRepository { test.wishes }
        var library: PhotoLibrary { test.library }
    }

    private let seoul = Place(name: "Seoul", address: "Jung-gu", latitude: 37.56, longitude: 126.97, source: .device)

    @Test(arguments: TestEngine.allCases) func createdWishReadsBackWithEveryField(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let now = Date(millisecondsSince1970: 1_795_959_435_123)
        let created = try fixture.wishes.create(
            WishDraft(
                name: "  Road bike ", memo: "51 cm frame", link: "https://shop.example.com/bike",
                tags: ["Bike", "bike", " road  trip "], place: seoul, favorite: true),
            owner: fixture.alice, now: now)
        #expect(created.name == "Road bike")
        #expect(created.tags == ["Bike", "road trip"])
        #expect(created.version == 1)
        #expect(created.createdAt == now)
        #expect(created.updatedAt == now)
        #expect(created.photos.isEmpty)
        #expect(try fixture.wishes.get(created.id, owner: fixture.alice) == created)
    }

    @Test(arguments: TestEngine.allCases) func brokenRulesAreValidationErrorsAndNothingIsStored(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        #expect(throws: ValidationError.self) { try fixture.wishes.create(WishDraft(name: "   "), owner: fixture.alice) }
        #expect(throws: ValidationError.self) {
            try fixture.wishes.create(WishDraft(name: "x", link: "javascript:alert(1)"), owner: fixture.alice)
        }
        #expect(throws: ValidationError.self) { try fixture.wishes.create(WishDraft(name: "x", photoIDs: [UUID()]), owner: fixture.alice) }
        var farAway = seoul
        farAway.latitude = 91
        #expect(throws: ValidationError.self) { try fixture.wishes.create(WishDraft(name: "x", place: farAway), owner: fixture.alice) }
        #expect(try fixture.wishes.list(WishListQuery(), owner: fixture.alice).items.isEmpty)
        #expect(try fixture.wishes.tagCounts(owner: fixture.alice).isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func updateBumpsVersionAndUpdatedAt(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(
            WishDraft(name: "Tent", memo: "2 people", place: seoul), owner: fixture.alice, now: Date(millisecondsSince1970: 10))
        let later = Date(millisecondsSince1970: 20)
        let updated = try fixture.library.update(
            \.wishes,
            created.id, owner: fixture.alice, with: WishPatch(name: "Big tent", memo: .clear, place: .clear), expectedVersion: 1, now: later
        )
        #expect(updated.name == "Big tent")
        #expect(updated.memo == nil)
        #expect(updated.place == nil)
        #expect(updated.version == 2)
        #expect(updated.updatedAt == later)
        #expect(updated.createdAt == created.createdAt)
        #expect(try fixture.wishes.get(created.id, owner: fixture.alice) == updated)
    }

    @Test(arguments: TestEngine.allCases) func staleVersionIsRefusedAndChangesNothing(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(WishDraft(name: "Lamp"), owner: fixture.alice)
        _ = try fixture.library.update(\.wishes, created.id, owner: fixture.alice, with: WishPatch(name: "Desk lamp"), expectedVersion: 1)
        #expect(throws: StaleVersionError("wish", current: 2)) {
            try fixture.library.update(\.wishes, created.id, owner: fixture.alice, with: WishPatch(name: "Floor lamp"), expectedVersion: 1)
        }
        #expect(try fixture.wishes.get(created.id, owner: fixture.alice)?.name == "Desk lamp")
    }

    @Test(arguments: TestEngine.allCases) func patchThatChangesNothingKeepsTheVersion(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(WishDraft(name: "Mug", tags: ["kitchen"]), owner: fixture.alice)
        let same = try fixture.library.update(
            \.wishes, created.id, owner: fixture.alice, with: WishPatch(name: " Mug ", tags: [" kitchen"]))
        #expect(same == created)
    }

    @Test(arguments: TestEngine.allCases) func invalidPatchIsRefused(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(WishDraft(name: "Mug"), owner: fixture.alice)
        #expect(throws: ValidationError.self) {
            try fixture.library.update(\.wishes, created.id, owner: fixture.alice, with: WishPatch(tags: (0...20).map { "t\($0)" }))
        }
        #expect(try fixture.wishes.get(created.id, owner: fixture.alice) == created)
    }

    @Test(arguments: TestEngine.allCases) func favoriteSetAndUnset(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(WishDraft(name: "Camera"), owner: fixture.alice)
        let starred = try fixture.wishes.setFavorite(true, created.id, owner: fixture.alice)
        #expect(starred.favorite)
        #expect(starred.version == 2)
        #expect(try fixture.wishes.list(WishListQuery(favorite: true), owner: fixture.alice).items.map(\.id) == [created.id])
        let unstarred = try fixture.wishes.setFavorite(false, created.id, owner: fixture.alice)
        #expect(!unstarred.favorite)
        #expect(try fixture.wishes.list(WishListQuery(favorite: true), owner: fixture.alice).items.isEmpty)
    }

    @Test(arguments: TestEngine.allCases) func deleteRemovesTheWishItsTagsAndItsSearchEntry(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let created = try fixture.wishes.create(WishDraft(name: "Kayak", tags: ["outdoor"]), owner: fixture.alice)
        try fixture.library.delete(\.wishes, created.id, owner: fixture.alice)
        #expect(try fixture.wishes.get(created.id, owner: fixture.alice) == nil)
        #expect(try fixture.wishes.tagCounts(owner: fixture.alice).isEmpty)
        // Search runs on SQLite only so far: PostgreSQL has no search index to check.
        if engine == .sqlite {
            #expect(try fixture.wishes.search("kayak", owner: fixture.alice).byName.isEmpty)
        }
        #expect(throws: NotFoundError("wish")) { try fixture.library.delete(\.wishes, created.id, owner: fixture.alice) }
    }

    @Test(arguments: TestEngine.allCases) func unknownIDIsNotFound(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        #expect(try fixture.wishes.get(UUID(), owner: fixture.alice) == nil)
        #expect(throws: NotFoundError("wish")) {
            try fixture.library.update(\.wishes, UUID(), owner: fixture.alice, with: WishPatch(name: "x"))
        }
        #expect(throws: NotFoundError("wish")) { try fixture.wishes.setFavorite(true, UUID(), owner: fixture.alice) }
    }

    @Test(arguments: TestEngine.allCases) func tagCountsMostUsedFirstAndFollowEdits(engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let first = try fixture.wishes.create(WishDraft(name: "a", tags: ["Travel", "gift"]), owner: fixture.alice)
        _ = try fixture.wishes.create(WishDraft(name: "b", tags: ["travel"]), owner: fixture.alice)
        _ = try fixture.wishes.create(WishDraft(name: "c", tags: ["TRAVEL", "kitchen", "gift"]), owner: fixture.alice)
        #expect(
            try fixture.wishes.tagCounts(owner: fixture.alice) == [
                TagCount(name: "Travel", count: 3), TagCount(name: "gift", count: 2), TagCount(name: "kitchen", count: 1)
            ])
        _ = try fixture.library.update(\.wishes, first.id, owner: fixture.alice, with: WishPatch(tags: ["kitchen"]))
        // Equal counts are in alphabetical order.
        #expect(
            try fixture.wishes.tagCounts(owner: fixture.alice) == [
                TagCount(name: "kitchen", count: 2), TagCount(name: "Travel", count: 2), TagCount(name: "gift", count: 1)
            ])
    }
}
