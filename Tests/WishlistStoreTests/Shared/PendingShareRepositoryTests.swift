import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Shares waiting for a sign-in, kept in the database on both engines: taken back once with their
/// files, never after their quarter of an hour, within the limits of count and bytes (the oldest
/// forgotten first), any text an unknown token; and on PostgreSQL, two servers keeping or taking
/// at once stay within the limits and hand a share out once.
@Suite struct PendingShareRepositoryTests {
    static let start = Date(millisecondsSince1970: 1_000_000_000)

    func at(_ seconds: TimeInterval) -> Date { Self.start.addingTimeInterval(seconds) }

    func share(_ name: String, bytes: Int = 0) -> PendingShare {
        PendingShare(name: nil, title: name, text: nil, link: nil, files: bytes == 0 ? [] : [Data(repeating: 7, count: bytes)])
    }

    func rows(_ test: TestStore) throws -> Int {
        try test.store.database.read { db in try db.scalar("SELECT count(*) FROM pending_shares") } ?? -1
    }

    @Test(arguments: TestEngine.allCases) func aShareIsTakenBackOnceWithItsFiles(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let pending = test.store.pendingShares
        let files = [Data([0, 1, 2]), Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }), Data([0])]
        let shared = PendingShare(
            name: "여행 가방", title: "Look at this", text: "A bag\nhttps://example.com/bag?a=1&b=2", link: "https://example.com/bag?a=1&b=2",
            files: files)
        let token = try pending.keep(shared, now: at(0))
        let linkOnly = PendingShare(name: nil, title: nil, text: nil, link: "https://example.com", files: [])
        let bare = try pending.keep(linkOnly, now: at(0))
        #expect(try pending.take(token, now: at(60)) == shared)
        #expect(try pending.take(token, now: at(61)) == nil, "handed out once")
        #expect(try pending.take(bare, now: at(60)) == linkOnly)
        #expect(try rows(test) == 0)
        // Only the token's digest is stored.
        let stored: Int? = try test.store.database.read { db in
            try db.scalar("SELECT count(*) FROM pending_shares WHERE token_hash = :token", ["token": Data(token.utf8)])
        }
        #expect(stored == 0)
    }

    @Test(arguments: TestEngine.allCases) func aShareExpiresAfterAQuarterOfAnHour(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let pending = test.store.pendingShares
        let early = try pending.keep(share("early"), now: at(0))
        let late = try pending.keep(share("late"), now: at(0))
        let kept = try pending.keep(share("kept"), now: at(600))
        #expect(try pending.take(early, now: at(PendingShareRepository.lifetime - 1))?.title == "early")
        #expect(try pending.take(late, now: at(PendingShareRepository.lifetime)) == nil)
        let forgotten = try pending.keep(share("forgotten"), now: at(0))
        #expect(try pending.deleteExpired(before: at(PendingShareRepository.lifetime)) == 1)
        #expect(try pending.take(forgotten, now: at(1)) == nil, "housekeeping forgot it")
        #expect(try pending.take(kept, now: at(PendingShareRepository.lifetime)) != nil)
    }

    @Test(arguments: TestEngine.allCases) func pastTheCountTheOldestAreForgotten(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let pending = PendingShareRepository(database: test.store.database, capacity: 3)
        let tokens = try (1...5).map { try pending.keep(share("share \($0)"), now: at(Double($0))) }
        #expect(try rows(test) == 3)
        #expect(try pending.take(tokens[0], now: at(10)) == nil)
        #expect(try pending.take(tokens[1], now: at(10)) == nil)
        #expect(try tokens[2...].map { try pending.take($0, now: at(10))?.title } == ["share 3", "share 4", "share 5"])
    }

    @Test(arguments: TestEngine.allCases) func pastTheBytesTheOldestAreForgottenButTheNewestIsKept(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let pending = PendingShareRepository(database: test.store.database, maximumBytes: 10)
        let first = try pending.keep(share("first", bytes: 4), now: at(0))
        let words = try pending.keep(share("words"), now: at(1))
        let second = try pending.keep(share("second", bytes: 4), now: at(2))
        let third = try pending.keep(share("third", bytes: 4), now: at(3))
        #expect(try pending.take(first, now: at(4)) == nil, "12 bytes: the oldest went")
        #expect(try pending.take(words, now: at(4))?.title == "words", "8 bytes with it and those newer")
        let large = try pending.keep(share("large", bytes: 20), now: at(5))
        #expect(try pending.take(second, now: at(6)) == nil)
        #expect(try pending.take(third, now: at(6)) == nil)
        #expect(try pending.take(large, now: at(6))?.files.first?.count == 20, "the newest is kept whatever its size")
    }

    @Test(arguments: TestEngine.allCases) func anyTextIsATokenThatIsUnknown(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let pending = test.store.pendingShares
        let token = try pending.keep(share("kept"), now: at(0))
        for hostile in ["", String(repeating: "가", count: 10_000), "\u{0}", token + "\u{0}", "'; DROP TABLE pending_shares; --"] {
            #expect(try pending.take(hostile, now: at(1)) == nil)
        }
        #expect(try pending.take(token, now: at(1))?.title == "kept")
    }

    /// Another server keeps a share while this one keeps one, with room for one more: this keep
    /// waits for the other's commit and then counts its share, forgetting the oldest, rather than
    /// both counting without the other's.
    @Test func aKeepWaitsForAnotherAndCountsItsShareOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let pending = PendingShareRepository(database: test.store.database, capacity: 2)
        let oldest = try pending.keep(share("oldest"), now: at(0))
        let other = try PostgresConnection(url: try #require(test.url))
        let watcher = try PostgresConnection(url: try #require(test.url))
        try other.execute("BEGIN")
        try other.advisoryTransactionLock(StoreLock.pendingShares.key)
        try other.execute(
            """
            INSERT INTO pending_shares (token_hash, title, file_sizes, bytes, expires_at)
            VALUES ('\\x00', 'other', '', 0, \(at(1).addingTimeInterval(PendingShareRepository.lifetime).millisecondsSince1970))
            """)
        let finished = DispatchSemaphore(value: 0)
        let failure = Locked<(any Error)?>(nil)
        Thread {
            do { _ = try pending.keep(share("newest"), now: at(1)) } catch { failure.withLock { $0 = error } }
            finished.signal()
        }.start()
        try waitUntil("the keep waits for the other") { try ConcurrentWriters.waitingOnALock(watcher) == 1 }
        try other.execute("COMMIT")
        finished.wait()
        #expect(failure.value == nil)
        #expect(try rows(test) == 2)
        #expect(try pending.take(oldest, now: at(2)) == nil, "the oldest went")
    }

    /// Two servers take one token at once: one gets the share, the other nothing.
    @Test func twoTakingAtOnceGetTheShareOnceOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let pending = test.store.pendingShares
        let token = try pending.keep(share("once", bytes: 3), now: at(0))
        let taken = Locked<[String?]>([])
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "pending_shares", ["first", "second"]) { _ in
            let share = try pending.take(token, now: at(1))
            taken.withLock { $0.append(share?.title) }
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "neither fails")
        #expect(taken.value.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "once"])
    }
}
