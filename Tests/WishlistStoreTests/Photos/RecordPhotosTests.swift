import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// Updating and deleting a wish or a journal entry through `PhotoLibrary`, one call each: the
/// photos a change lets go are deleted, their files removed once it is committed, exactly those;
/// a change refused removes nothing. On both engines.
@Suite struct RecordPhotosTests {
    /// Both kinds of record with photos, each made, patched and told apart the same way.
    enum Kind: CaseIterable {
        case wish, journalEntry
    }

    /// A new store on `engine` with an account, alice, and what the tests do to her records.
    struct Fixture {
        let test: TestStore
        let alice: UserKey

        init(_ engine: TestEngine) throws {
            test = try TestStore(engine: engine)
            alice = try test.addUser("alice")
        }

        var library: PhotoLibrary { test.library }

        /// Files on disk: each photo's renditions folder, and the digests of the originals.
        struct Files: Equatable {
            var renditions: Set<String>
            var originals: Set<String>
        }

        var files: Files {
            let root = library.files.root
            let renditions = (try? FileManager.default.contentsOfDirectory(atPath: root.appending(path: "renditions").path)) ?? []
            let originals = FileManager.default.enumerator(atPath: root.appending(path: "originals").path)?.allObjects as? [String] ?? []
            return Files(
                renditions: Set(renditions),
                originals: Set(originals.filter { $0.contains("/") }.map { ($0 as NSString).lastPathComponent }))
        }

        func expectedFiles(of photos: [Photo]) throws -> Files {
            Files(
                renditions: Set(photos.map(\.id.lowercasedString)),
                originals: Set(try photos.map { try #require(try test.store.photos.get($0.id, owner: alice)).sha256 }))
        }

        func add(_ names: [String]) throws -> [Photo] {
            try library.add(names.map { .file(path: PhotoLibraryTests.path($0)) }, owner: alice)
        }

        /// A new record of `kind` showing `photos`; its id and version.
        func create(_ kind: Kind, photos: [Photo]) throws -> (id: UUID, version: Int) {
            let ids = photos.map(\.id)
            switch kind {
            case .wish:
                let wish = try test.wishes.create(WishDraft(name: "Trip", photoIDs: ids), owner: alice)
                return (wish.id, wish.version)
            case .journalEntry:
                let entry = try test.store.journal.create(
                    JournalDraft(title: "Trip", date: "2026-12-03", photoIDs: ids), owner: alice)
                return (entry.id, entry.version)
            }
        }

        /// Puts exactly `photos` on the record; answers the ids of the photos it shows then.
        @discardableResult
        func update(_ kind: Kind, _ id: UUID, photos: [UUID], expectedVersion: Int?) throws -> [UUID] {
            switch kind {
            case .wish:
                try library.update(\.wishes, id, owner: alice, with: WishPatch(photoIDs: photos), expectedVersion: expectedVersion)
                    .photos.map(\.id)
            case .journalEntry:
                try library.update(\.journal, id, owner: alice, with: JournalPatch(photoIDs: photos), expectedVersion: expectedVersion)
                    .photos.map(\.id)
            }
        }

        func delete(_ kind: Kind, _ id: UUID, owner: UserKey) throws {
            switch kind {
            case .wish: try library.delete(\.wishes, id, owner: owner)
            case .journalEntry: try library.delete(\.journal, id, owner: owner)
            }
        }

        func exists(_ photo: Photo) -> Bool {
            (try? library.photo(photo.id, owner: alice)) != nil
        }

        /// The one photo on the record of `kind` with `id`.
        func photo(onRecordOf kind: Kind, _ id: UUID) throws -> Photo {
            let photos =
                switch kind {
                case .wish: try test.wishes.get(id, owner: alice)?.photos
                case .journalEntry: try test.store.journal.get(id, owner: alice)?.photos
                }
            return try #require(photos?.first)
        }
    }

    @Test(arguments: Kind.allCases, TestEngine.allCases)
    func anUpdateRemovesExactlyThePhotosItLetsGoAndARefusedOneNone(_ kind: Kind, engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        // Two photos of one original on the record, so that letting one go keeps the original.
        let onRecord = try fixture.add(["gps/DSCN0010.jpg", "gps/DSCN0012.jpg", "gps/DSCN0021.jpg", "gps/DSCN0010.jpg"])
        let upload = try fixture.add(["orientation/portrait_1.jpg"])[0]
        let other = try fixture.create(kind, photos: try fixture.add(["orientation/landscape_1.jpg"]))
        let record = try fixture.create(kind, photos: onRecord)
        let before = fixture.files

        #expect(throws: StaleVersionError.self) {
            try fixture.update(kind, record.id, photos: [onRecord[2].id], expectedVersion: record.version + 1)
        }
        #expect(throws: ValidationError.self) {
            try fixture.update(kind, record.id, photos: [onRecord[2].id, UUID()], expectedVersion: record.version)
        }
        #expect(fixture.files == before, "a refused change removes no file")
        #expect(onRecord.allSatisfy(fixture.exists))

        let kept = [onRecord[2].id, onRecord[3].id]
        #expect(try fixture.update(kind, record.id, photos: kept, expectedVersion: record.version) == kept)
        #expect(!fixture.exists(onRecord[0]) && !fixture.exists(onRecord[1]))
        #expect(fixture.exists(onRecord[2]) && fixture.exists(onRecord[3]) && fixture.exists(upload))
        let left = [onRecord[2], onRecord[3], upload, try fixture.photo(onRecordOf: kind, other.id)]
        #expect(fixture.files == (try fixture.expectedFiles(of: left)))
        #expect(fixture.files.originals.count == before.originals.count - 1, "DSCN0010 stays: another photo shows it")
    }

    @Test(arguments: Kind.allCases, TestEngine.allCases)
    func aDeleteRemovesExactlyItsPhotosAndARefusedOneNone(_ kind: Kind, engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let onRecord = try fixture.add(["gps/DSCN0010.jpg", "gps/DSCN0012.jpg"])
        let upload = try fixture.add(["gps/DSCN0010.jpg"])[0]
        let record = try fixture.create(kind, photos: onRecord)
        let before = fixture.files

        let bob = try fixture.test.addUser("bob")
        #expect(throws: NotFoundError.self) { try fixture.delete(kind, record.id, owner: bob) }
        #expect(fixture.files == before, "a refused deletion removes no file")

        try fixture.delete(kind, record.id, owner: fixture.alice)
        #expect(!fixture.exists(onRecord[0]) && !fixture.exists(onRecord[1]) && fixture.exists(upload))
        #expect(fixture.files == (try fixture.expectedFiles(of: [upload])), "DSCN0010's original stays for the upload")
        #expect(throws: NotFoundError.self) { try fixture.delete(kind, record.id, owner: fixture.alice) }
    }

    @Test(arguments: Kind.allCases, TestEngine.allCases)
    func aPatchThatKeepsThePhotosRemovesNothing(_ kind: Kind, engine: TestEngine) throws {
        let fixture = try Fixture(engine)
        let onRecord = try fixture.add(["gps/DSCN0010.jpg", "gps/DSCN0012.jpg"])
        let record = try fixture.create(kind, photos: onRecord)
        let before = fixture.files
        let reordered = [onRecord[1].id, onRecord[0].id]
        #expect(try fixture.update(kind, record.id, photos: reordered, expectedVersion: record.version) == reordered)
        #expect(fixture.files == before)
    }
}
