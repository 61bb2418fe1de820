import Archive
import Foundation
import Synchronization
import Testing
import WishlistClient
import WishlistCore

@testable import WishlistServer

/// `wishlist backup` while four writers change wishes and photos, then `wishlist restore` into an
/// empty directory and a server started on it: the restored data is one moment of the live data
/// (everything acknowledged before the backup began and not deleted until it ended is there,
/// nothing begun after it ended is), with every photo's bytes; a backup taken at rest restores
/// equal, field by field. Damaged, foreign and future backups are refused and change nothing.
/// The SQLite file's backups; a PostgreSQL server's are `PostgreSQLBackupTests` (the CLI's).
@Suite(.serialized, .enabled(if: !TestServer.onPostgreSQL, "backups of the SQLite file")) struct BackupTests {
    /// What one writer did, with when: enough to say what a snapshot between two instants holds.
    struct Event: Sendable {
        enum Kind: Sendable { case created, deleted }
        let kind: Kind
        let wish: UUID
        let began: ContinuousClock.Instant
        let acknowledged: ContinuousClock.Instant
    }

    /// Tells the writers to finish their current step and stop.
    final class StopSignal: Sendable {
        private let flag = Atomic(false)
        var isRaised: Bool { flag.load(ordering: .acquiring) }
        func raise() { flag.store(true, ordering: .releasing) }
    }

    /// How many wishes the writers have between them (created less deleted, as the server
    /// acknowledged), which the test awaits instead of listing them over and over.
    final class LiveWishCount: Sendable {
        private struct State {
            var count = 0
            var failure: (any Error)?
            var waiters: [(count: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        }

        private let state = Mutex(State())

        func add(_ change: Int) {
            let reached = state.withLock { state in
                state.count += change
                let reached = state.waiters.filter { $0.count <= state.count }.map(\.continuation)
                state.waiters.removeAll { $0.count <= state.count }
                return reached
            }
            for continuation in reached { continuation.resume() }
        }

        /// A writer stopped on `error`: waiting for a count it may never reach ends with it.
        func fail(_ error: any Error) {
            let waiting = state.withLock { state in
                state.failure = error
                defer { state.waiters = [] }
                return state.waiters.map(\.continuation)
            }
            for continuation in waiting { continuation.resume(throwing: error) }
        }

        /// Returns once the writers have `count` wishes or more; throws what stopped a writer.
        func reach(_ count: Int) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let answer: Result<Void, any Error>? = state.withLock { state in
                    if let failure = state.failure { return .failure(failure) }
                    if state.count >= count { return .success(()) }
                    state.waiters.append((count, continuation))
                    return nil
                }
                if let answer { continuation.resume(with: answer) }
            }
        }
    }

    private static let photoPaths = ["orientation/landscape_1.jpg", "orientation/landscape_2.jpg", "camera/canon-40d.jpg"]

    /// Creates, edits and deletes its own wishes (some with a new photo) until `stop`, keeping `liveCount`.
    private static func write(
        _ client: WishlistClient, writer: Int, stop: StopSignal, liveCount: LiveWishCount
    ) async throws -> [Event] {
        var events: [Event] = []
        var live: [UUID] = []
        var step = 0
        while !stop.isRaised {
            step += 1
            let began = ContinuousClock.now
            if step % 5 == 0, !live.isEmpty {
                let victim = live.remove(at: live.count / 2)
                try await client.deleteWish(victim)
                events.append(Event(kind: .deleted, wish: victim, began: began, acknowledged: .now))
                liveCount.add(-1)
            } else if step % 3 == 0, let edited = live.last {
                _ = try await client.updateWish(edited, WishPatch(memo: .set("edit \(step) of writer \(writer)")))
            } else {
                var photos: [UUID] = []
                if step % 4 == 1 {
                    let path = photoPaths[(writer + step) % photoPaths.count]
                    let file = WishlistClient.PhotoFile(filename: path, data: try TestPhotos.photo(path))
                    photos = try await client.uploadPhotos([file]).items.map(\.id)
                }
                let began = ContinuousClock.now
                let wish = try await client.createWish(
                    WishDraft(name: "Wish \(step) of writer \(writer)", tags: ["writer\(writer)"], photoIDs: photos))
                live.append(wish.id)
                events.append(Event(kind: .created, wish: wish.id, began: began, acknowledged: .now))
                liveCount.add(1)
            }
        }
        return events
    }

    private static func allWishes(_ client: WishlistClient) async throws -> [Wish] {
        var wishes: [Wish] = []
        var cursor: String?
        repeat {
            let page = try await client.wishes(try WishListQuery(limit: 100, cursor: cursor))
            wishes += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return wishes
    }

    private static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wishlist-backup-\(UUID())-\(name)").path
    }

    @Test func aBackupUnderFourWritersRestoresOneMomentOfTheData() async throws {
        let live = try TestServer()
        let admin = try await live.signedInAdmin()
        let stop = StopSignal()
        let liveCount = LiveWishCount()
        let writers = (0..<4).map { writer in
            Task {
                do {
                    return try await Self.write(admin, writer: writer, stop: stop, liveCount: liveCount)
                } catch {
                    liveCount.fail(error)
                    throw error
                }
            }
        }
        // Let the writers get going, then back up while they write.
        try await liveCount.reach(12)
        let archive = Self.temporaryPath("during.zip")
        defer { try? FileManager.default.removeItem(atPath: archive) }
        let backupBegan = ContinuousClock.now
        let directory = DataDirectory(live.dataDirectory.path)
        _ = try await Task.detached { try directory.backup(to: archive) }.value
        let backupEnded = ContinuousClock.now
        // More writes after it, which the backup must not hold.
        try await liveCount.reach(30)
        stop.raise()
        var events: [Event] = []
        for writer in writers { events += try await writer.value }

        let restoredPath = Self.temporaryPath("restored")
        let summary = try DataDirectory(restoredPath).restore(from: archive)
        let restored = try TestServer(dataDirectory: URL(fileURLWithPath: restoredPath))
        defer { try? FileManager.default.removeItem(atPath: restoredPath) }
        let reader = restored.client()
        _ = try await reader.signIn(username: "alice", password: TestServer.adminPassword)
        let found = Dictionary(uniqueKeysWithValues: try await Self.allWishes(reader).map { ($0.id, $0) })

        let deletions = Dictionary(uniqueKeysWithValues: events.filter { $0.kind == .deleted }.map { ($0.wish, $0) })
        var mustHave = 0
        var mustNotHave = 0
        for created in events where created.kind == .created {
            let deleted = deletions[created.wish]
            if created.acknowledged < backupBegan, deleted.map({ $0.began > backupEnded }) ?? true {
                #expect(found[created.wish] != nil, "acknowledged before the backup, deleted after it (if at all)")
                mustHave += 1
            }
            if created.began > backupEnded || deleted.map({ $0.acknowledged < backupBegan }) == true {
                #expect(found[created.wish] == nil, "created after the backup, or deleted before it")
                mustNotHave += 1
            }
        }
        #expect(mustHave >= 6)
        #expect(mustNotHave >= 1)
        // Every photo of the restored wishes is served, each original byte for byte as uploaded.
        let uploaded = Set(try Self.photoPaths.map { try TestPhotos.photo($0) })
        var photos = 0
        for wish in found.values {
            for photo in wish.photos {
                let original = try await reader.photoFile(photo.id, size: .original)
                #expect(original.status == 200)
                #expect(uploaded.contains(original.body))
                #expect(try await reader.photoFile(photo.id, size: .thumb).status == 200)
                photos += 1
            }
        }
        #expect(photos >= 1)
        #expect(summary.mediaFiles >= photos)
    }

    @Test func aBackupAtRestRestoresEqualFieldByField() async throws {
        let live = try TestServer()
        let admin = try await live.signedInAdmin()
        let photo = try await admin.uploadPhotos([
            WishlistClient.PhotoFile(filename: "a.jpg", data: try TestPhotos.photo(Self.photoPaths[0]))
        ]).items[0]
        _ = try await admin.editPhoto(photo.id, PhotoEditRequest(crop: nil, rotate: 90))
        for number in 0..<5 {
            _ = try await admin.createWish(
                WishDraft(
                    name: "Wish \(number)", memo: "memo \(number)", link: "https://example.org/\(number)", tags: ["t\(number)"],
                    photoIDs: number == 0 ? [photo.id] : [], favorite: number.isMultiple(of: 2)))
        }
        let archive = Self.temporaryPath("rest.zip")
        defer { try? FileManager.default.removeItem(atPath: archive) }
        try DataDirectory(live.dataDirectory.path).backup(to: archive)
        let restoredPath = Self.temporaryPath("restored")
        defer { try? FileManager.default.removeItem(atPath: restoredPath) }
        try DataDirectory(restoredPath).restore(from: archive)
        let restored = try TestServer(dataDirectory: URL(fileURLWithPath: restoredPath))
        let reader = restored.client()
        _ = try await reader.signIn(username: "alice", password: TestServer.adminPassword)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .iso8601
        #expect(try encoder.encode(try await Self.allWishes(reader)) == encoder.encode(try await Self.allWishes(admin)))
        // The search indexes came back too.
        let found = try await reader.search("is", groups: [.byName]).byName.map(\.name)
        #expect(found.count == 5)
        #expect(found == (try await admin.search("is", groups: [.byName]).byName.map(\.name)))
        for size in [Photo.Size.original, .thumb, .medium, .large] {
            let before = try await admin.photoFile(photo.id, size: size)
            let after = try await reader.photoFile(photo.id, size: size)
            #expect(after.status == 200)
            #expect(after.body == before.body, "\(size)")
        }
        // No leftovers of the snapshot in the live data directory.
        let names = try FileManager.default.contentsOfDirectory(atPath: live.dataDirectory.path)
        #expect(!names.contains { $0.hasPrefix(".backup-") })
    }

    // MARK: Refusals

    private static func zip(_ entries: [(String, Data)]) throws -> String {
        let path = temporaryPath("crafted.zip")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        let writer = try ArchiveWriter { bytes in try file.write(contentsOf: bytes) }
        for (name, data) in entries {
            try writer.addEntry(path: name, data: data, modified: Date(timeIntervalSince1970: 1_800_000_000))
        }
        try writer.finish()
        return path
    }

    private static func manifest(version: Int = 1) -> Data {
        Data(#"{"format": "wishlist-backup", "version": \#(version), "createdAt": "2026-12-01T00:00:00Z", "mediaFiles": 0}"#.utf8)
    }

    /// Expects restoring `archive` to fail as `check` says and to leave no target; deletes `archive`.
    private static func expectRefused(
        _ archive: String, _ check: (any Error) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let target = temporaryPath("target")
        defer {
            try? FileManager.default.removeItem(atPath: target)
            try? FileManager.default.removeItem(atPath: archive)
        }
        do {
            try DataDirectory(target).restore(from: archive)
            Issue.record("restored \(archive)", sourceLocation: sourceLocation)
        } catch {
            #expect(check(error), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(!FileManager.default.fileExists(atPath: target), "the target was left behind", sourceLocation: sourceLocation)
    }

    @Test func foreignFutureAndDamagedBackupsAreRefusedAndLeaveNothing() async throws {
        let live = try TestServer()
        let admin = try await live.signedInAdmin()
        _ = try await admin.uploadPhotos([
            WishlistClient.PhotoFile(filename: "a.jpg", data: try TestPhotos.photo(Self.photoPaths[0]))
        ])
        let good = Self.temporaryPath("good.zip")
        try DataDirectory(live.dataDirectory.path).backup(to: good)
        defer { try? FileManager.default.removeItem(atPath: good) }

        let foreign = try Self.zip([("notes.txt", Data("hello".utf8))])
        Self.expectRefused(foreign) { ($0 as? BackupError) == .notABackup(foreign) }
        let future = try Self.zip([("backup.json", Self.manifest(version: 3))])
        Self.expectRefused(future) { ($0 as? BackupError) == .newerFormat(3) }
        let empty = try Self.zip([("backup.json", Self.manifest())])
        Self.expectRefused(empty) { ($0 as? BackupError) == .damaged("it has no database") }
        let stray = try Self.zip([("backup.json", Self.manifest()), ("etc/passwd", Data("x".utf8))])
        Self.expectRefused(stray) { "\($0)".contains("etc/passwd") }
        let climbing = try Self.zip([("backup.json", Self.manifest()), ("../escaped", Data("x".utf8))])
        Self.expectRefused(climbing) { $0 is ArchiveError }
        #expect(
            !FileManager.default.fileExists(
                atPath: (FileManager.default.temporaryDirectory.path as NSString).appendingPathComponent("escaped")))

        // The good backup cut short, and with its database's bytes changed.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let truncated = Self.temporaryPath("truncated.zip")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        Self.expectRefused(truncated) { $0 is ArchiveError || $0 is BackupError }
        // A backup lacking a photo's files: its database, unpacked alone.
        let unpacked = Self.temporaryPath("unpacked")
        defer { try? FileManager.default.removeItem(atPath: unpacked) }
        try DataDirectory(unpacked).restore(from: good)
        let database = try Data(contentsOf: URL(fileURLWithPath: DataDirectory(unpacked).databasePath))
        let photoless = try Self.zip([("backup.json", Self.manifest()), ("wishlist.sqlite", database)])
        Self.expectRefused(photoless) { "\($0)".contains("it lacks originals/") }

        // A directory that is not empty is never restored into, and keeps what it had.
        let occupied = Self.temporaryPath("occupied")
        try FileManager.default.createDirectory(atPath: occupied, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: occupied) }
        _ = FileManager.default.createFile(atPath: occupied + "/keep.txt", contents: Data("mine".utf8))
        #expect(throws: BackupError.notEmpty(occupied)) { try DataDirectory(occupied).restore(from: good) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: occupied + "/keep.txt")) == Data("mine".utf8))
    }
}
