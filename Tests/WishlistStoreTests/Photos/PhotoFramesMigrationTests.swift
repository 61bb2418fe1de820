import Foundation
import Imaging
import SQLite
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// `2026-12-04-photo-frames` records how many frames each original has, so the API can say which
/// photos are animations (G10). Photos filed before it have no count: those that cannot move
/// (JPEG, PNG, HEIC) get 1 from the migration, and GIFs and WebPs are counted from their files
/// at the next start (`PhotoLibrary.tidy`).
@Suite struct PhotoFramesMigrationTests {
    /// The schema as it was before frames were counted.
    static var migratorBefore: Migrator {
        Schema.migrator.prefix(before: "2026-12-04-photo-frames")
    }

    /// A photo filed before the migration: its original's bytes and format, and its turn.
    private struct Original {
        let bytes: Data
        let format: ImageFormat
        let rotate: Int

        var sha256: String { get throws { try PhotoFiles.digest(of: .bytes(bytes)) } }
    }

    @Test func framesOfOldPhotosAreCountedAtTheNextStart() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "wishlist-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appending(path: "wishlist.sqlite").path
        let media = directory.appending(path: "media").path

        let animation = try #require(Data(base64Encoded: Animations.gif))
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: PhotoLibraryTests.path("gps/DSCN0010.jpg")))
        let ids = (animated: UUID(), turned: UUID(), stillGIF: UUID(), jpeg: UUID(), lost: UUID())
        let originals: [(UUID, Original)] = [
            (ids.animated, Original(bytes: animation, format: .gif, rotate: 0)),
            // The same original, turned: a still of its first frame.
            (ids.turned, Original(bytes: animation, format: .gif, rotate: 90)),
            (ids.stillGIF, Original(bytes: try #require(Data(base64Encoded: Animations.stillGIF)), format: .gif, rotate: 0)),
            (ids.jpeg, Original(bytes: jpeg, format: .jpeg, rotate: 0)),
            // Its file is gone: it cannot be counted, and shows as a still.
            (ids.lost, Original(bytes: Data("lost".utf8), format: .webp, rotate: 0))
        ]

        let old = try DatabasePool(path: path, readerCount: 1)
        try Self.migratorBefore.migrate(old)
        let owner = try UserRepository(database: StoreDatabase(.sqlite(old))).createUser(
            username: "alice", passwordHash: "x", isAdmin: false, now: Date(millisecondsSince1970: 0)
        ).key
        let files = try PhotoFiles(media: MediaFolder(media), processor: .init())
        let now = Date()
        try old.write { db in
            for (id, original) in originals {
                try db.run(
                    """
                    INSERT INTO photos (uuid, owner_id, sha256, format, original_width, original_height, width, height,
                        rotate, created_at)
                    VALUES (?, ?, ?, ?, 12, 8, 12, 8, ?, ?)
                    """,
                    [
                        id.lowercasedString, owner.rawValue, try original.sha256, original.format.rawValue, original.rotate,
                        now.millisecondsSince1970
                    ])
                if id != ids.lost {
                    try files.keepOriginal(.bytes(original.bytes), sha256: original.sha256, format: original.format)
                }
            }
        }
        try old.close()

        let store = try Store(path: path, readerCount: 1)
        defer { try? store.close() }
        func animated(_ id: UUID) throws -> Bool { try #require(try store.photos.get(id, owner: owner)).photo.animated }
        let uncounted: Int? = try store.pool.read { db in
            try db.scalar("SELECT count(*) FROM photos WHERE frame_count IS NULL")
        }
        #expect(uncounted == 4, "every GIF and WebP waits to be counted; the JPEG has 1 frame")
        #expect(try !animated(ids.animated), "until counted, a photo shows as a still")

        let library = try PhotoLibrary(store: store, folder: media)
        try library.tidy(now: now)
        #expect(try animated(ids.animated))
        #expect(try !animated(ids.turned))
        #expect(try !animated(ids.stillGIF))
        #expect(try !animated(ids.jpeg))
        #expect(try !animated(ids.lost))
        // Each photo's count as text, "NULL" where none could be made.
        let counts: [String: String] = try store.pool.read { db in
            var counts: [String: String] = [:]
            try db.forEach("SELECT uuid, frame_count FROM photos") { row in
                counts[try row["uuid"]] = (try row["frame_count"] as Int?).map(String.init) ?? "NULL"
            }
            return counts
        }
        #expect(
            counts == [
                ids.animated.lowercasedString: "2", ids.turned.lowercasedString: "2", ids.stillGIF.lowercasedString: "1",
                ids.jpeg.lowercasedString: "1", ids.lost.lowercasedString: "NULL"
            ])
    }
}
