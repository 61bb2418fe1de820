import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// GIF favorites on both engines: kept once each, newest first, at most `FavoriteGif.limit`, and
/// the limit holds on PostgreSQL when two adds take the last place at once.
@Suite struct GifFavoriteRepositoryTests {
    static func gif(_ id: String) -> Gif {
        let image = Gif.Image(url: "https://media.giphy.com/media/\(id)/giphy.gif", width: 200, height: 150)
        return Gif(
            id: id, title: "Fun \(id)", rating: "g", url: "https://giphy.com/gifs/\(id)",
            images: .init(preview: image, still: image, original: image))
    }

    static func at(_ milliseconds: Int64) -> Date { Date(millisecondsSince1970: milliseconds) }

    @Test(arguments: TestEngine.allCases) func favoritesAreKeptOnceNewestFirstUpToTheLimit(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let favorites = test.store.gifFavorites
        let alice = try test.addUser("alice")
        let bob = try test.addUser("bob")
        try favorites.add(Self.gif("a"), owner: alice, now: Self.at(1))
        try favorites.add(Self.gif("b"), owner: alice, now: Self.at(2))
        let again = try favorites.add(Self.gif("a"), owner: alice, now: Self.at(3))
        #expect(again.favoritedAt == Self.at(1), "a favorite stays as it first was")
        #expect(try favorites.list(owner: alice).map(\.gif.id) == ["b", "a"])
        #expect(try favorites.list(owner: alice).first?.gif == Self.gif("b"))
        #expect(try favorites.list(owner: bob).isEmpty)

        try favorites.remove("b", owner: bob)
        #expect(try favorites.list(owner: alice).count == 2, "another account's removal touches nothing")
        try favorites.remove("b", owner: alice)
        try favorites.remove("b", owner: alice)
        #expect(try favorites.list(owner: alice).map(\.gif.id) == ["a"])

        for index in 1..<FavoriteGif.limit {
            try favorites.add(Self.gif("g\(index)"), owner: alice, now: Self.at(10 + Int64(index)))
        }
        #expect(throws: GifFavoriteError.full) { try favorites.add(Self.gif("one-too-many"), owner: alice, now: Self.at(99)) }
        try favorites.add(Self.gif("a"), owner: alice, now: Self.at(99))
        #expect(try favorites.list(owner: alice).count == FavoriteGif.limit)
        try favorites.add(Self.gif("bobs"), owner: bob, now: Self.at(99))
    }

    @Test func twoAddsAtOnceCannotBothTakeTheLastPlaceOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let favorites = test.store.gifFavorites
        let alice = try test.addUser("alice")
        for index in 1..<FavoriteGif.limit {
            try favorites.add(Self.gif("g\(index)"), owner: alice, now: Self.at(Int64(index)))
        }
        // Both count the favorites, then stop at inserting theirs.
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "gif_favorites", ["x", "y"]) { id in
            try favorites.add(Self.gif(id), owner: alice, now: Self.at(100))
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? GifFavoriteError } == [.full])
        #expect(try favorites.list(owner: alice).count == FavoriteGif.limit)
    }
}
