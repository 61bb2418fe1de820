import Foundation
import SQLite
import Testing
import WishlistCore

@testable import WishlistStore

/// `2026-12-02-journal-photos` rebuilds `photos` to let entries have photos: a database made
/// before it, with wishes and photos, keeps every row as it was.
@Suite struct JournalPhotosMigrationTests {
    /// The schema as it was before photos could be on entries.
    static var migratorBefore: Migrator {
        Schema.migrator.prefix(before: "2026-12-02-journal-photos")
    }

    @Test func wishesAndPhotosSurviveTheRebuild() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path

        let old = try DatabasePool(path: path, readerCount: 1)
        try Self.migratorBefore.migrate(old)
        let owner = try UserRepository(database: StoreDatabase(.sqlite(old))).createUser(
            username: "alice", passwordHash: "x", isAdmin: false, now: Date(millisecondsSince1970: 0)
        ).key
        // Written as that schema's rows (today's repository writes columns added later, like `private`).
        let wish = Wish(
            id: UUID(), name: "Camera", tags: ["photo"], createdAt: Date(millisecondsSince1970: 5_000),
            updatedAt: Date(millisecondsSince1970: 5_000), version: 1)
        try old.write { db in
            try db.run(
                """
                INSERT INTO wishes (uuid, owner_id, name, name_key, tags, created_at, updated_at)
                VALUES (?, ?, 'Camera', 'camera', '["photo"]', 5000, 5000)
                """,
                [wish.id.lowercasedString, owner.rawValue])
            let rowID = db.lastInsertRowID
            try WishRepository.insertTags(wish.tags, rowID: rowID, owner: owner, createdAt: 5_000, SQLiteConnection(database: db))
            try WishRepository.index(rowID: rowID, name: wish.name, owner: owner, SQLiteConnection(database: db))
        }
        let (onWish, cover, loose) = (UUID(), UUID(), UUID())
        try old.write { db in
            let wishRowID: Int64 = try #require(try db.scalar("SELECT id FROM wishes WHERE uuid = ?", [wish.id.lowercasedString]))
            for (id, position, rotate) in [(onWish, 1 as Int?, 90), (cover, 0, 0), (loose, nil, 0)] {
                try db.run(
                    """
                    INSERT INTO photos (uuid, owner_id, wish_id, position, sha256, format, original_width, original_height,
                        width, height, rotate, revision, taken_at, created_at)
                    VALUES (?, ?, ?, ?, ?, 'jpeg', 400, 300, ?, ?, ?, ?, 1000, 2000)
                    """,
                    [
                        id.lowercasedString, owner.rawValue, position == nil ? nil : wishRowID, position,
                        String(repeating: "a", count: 64), rotate == 0 ? 400 : 300, rotate == 0 ? 300 : 400, rotate,
                        rotate == 0 ? 1 : 2
                    ])
            }
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        let migrated = try #require(try store.wishes.get(wish.id, owner: owner))
        #expect(migrated.photos.map(\.id) == [cover, onWish])
        #expect(migrated.photos[1].edit == Photo.Edit(crop: nil, rotate: 90))
        #expect((migrated.photos[1].width, migrated.photos[1].height) == (300, 400))
        #expect(migrated.photos[1].urls.thumb.contains("v=2"))
        var withoutPhotos = migrated
        withoutPhotos.photos = []
        #expect(withoutPhotos == wish, "the wish's own fields and version are untouched")
        #expect(try store.photos.get(loose, owner: owner)?.isAttached == false)
        #expect(try store.photos.get(cover, owner: owner)?.isAttached == true)
        #expect(try store.wishes.search("Camera", owner: owner).byName.map(\.id) == [wish.id])

        // The rebuilt table takes entries' photos and still refuses one on two records.
        let entry = try store.journal.create(JournalDraft(title: "Trip", date: "2026-01-01", photoIDs: [loose]), owner: owner)
        #expect(entry.photos.map(\.id) == [loose])
        #expect(throws: ValidationError.self) {
            try store.journal.create(JournalDraft(title: "Again", date: "2026-01-02", photoIDs: [cover]), owner: owner)
        }
        try store.pool.write { db in
            #expect(throws: SQLiteError.self) {
                try db.run("UPDATE photos SET entry_id = (SELECT id FROM journal_entries) WHERE uuid = ?", [cover.lowercasedString])
            }
        }
    }
}
