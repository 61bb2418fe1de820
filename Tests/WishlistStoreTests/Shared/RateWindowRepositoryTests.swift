import Foundation
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// Counts in windows kept in the database, on both engines: several at once or none, a refusal
/// that counts nothing and says how long to wait, a new window after the end, any text as a key;
/// and on PostgreSQL, two servers counting one key at once never pass the limit between them.
@Suite struct RateWindowRepositoryTests {
    static let start = Date(millisecondsSince1970: 1_000_000_000)

    func at(_ seconds: TimeInterval) -> Date { Self.start.addingTimeInterval(seconds) }

    @Test(arguments: TestEngine.allCases) func countsUpToTheLimitAndThenSaysHowLongToWait(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let windows = test.store.rateWindows
        #expect(try windows.take("uploads", limit: 5, amount: 3, window: 60, now: at(0)) == nil)
        // Three more would make six: refused, with the window's remaining time, and nothing counted.
        #expect(try windows.take("uploads", limit: 5, amount: 3, window: 60, now: at(10)) == 50)
        #expect(try windows.wait("uploads", limit: 5, now: at(10)) == nil, "three of five: not at the limit")
        #expect(try windows.take("uploads", limit: 5, amount: 2, window: 60, now: at(10)) == nil)
        #expect(try windows.wait("uploads", limit: 5, now: at(10.5)) == 49.5)
        #expect(try windows.take("uploads", limit: 5, amount: 1, window: 60, now: at(10)) == 50)
        // Other keys have their own count; a new window starts the count again.
        #expect(try windows.take("previews", limit: 5, amount: 5, window: 60, now: at(0)) == nil)
        #expect(try windows.wait("uploads", limit: 5, now: at(60)) == nil)
        #expect(try windows.take("uploads", limit: 5, amount: 5, window: 60, now: at(60)) == nil)
        #expect(try windows.take("uploads", limit: 5, amount: 1, window: 60, now: at(61)) == 59)
        // Counting with no limit (failed sign-ins are counted, and checked against theirs apart).
        for _ in 1...3 { #expect(try windows.take("failures", limit: .max, amount: 1, window: 900, now: at(0)) == nil) }
        #expect(try windows.wait("failures", limit: 3, now: at(1)) == 899)
    }

    @Test(arguments: TestEngine.allCases) func moreAtOnceThanTheLimitIsNeverTakenAndRemovingForgives(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let windows = test.store.rateWindows
        #expect(try windows.take("uploads", limit: 2, amount: 3, window: 60, now: at(0)) == 60)
        #expect(try windows.take("uploads", limit: 2, amount: 2, window: 60, now: at(0)) == nil, "the refusal counted nothing")
        #expect(try windows.wait("uploads", limit: 2, now: at(1)) == 59)
        try windows.remove("uploads")
        #expect(try windows.wait("uploads", limit: 2, now: at(1)) == nil)
        #expect(try windows.take("uploads", limit: 2, amount: 2, window: 60, now: at(1)) == nil)
    }

    @Test(arguments: TestEngine.allCases) func anyTextIsAKeyAndEndedWindowsAreForgotten(engine: TestEngine) throws {
        let test = try TestStore(engine: engine)
        let windows = test.store.rateWindows
        let hostile = ["user:" + String(repeating: "가", count: 10_000), "addr:\u{0}'; DROP TABLE users; --", ""]
        for key in hostile {
            #expect(try windows.take(key, limit: 1, amount: 1, window: 60, now: at(0)) == nil)
            #expect(try windows.take(key, limit: 1, amount: 1, window: 60, now: at(0)) == 60)
        }
        #expect(try windows.take("short", limit: 1, amount: 1, window: 10, now: at(0)) == nil)
        #expect(try windows.deleteEnded(before: at(30)) == 1)
        #expect(try windows.deleteEnded(before: at(60)) == hostile.count)
        let left: Int? = try test.store.database.read { db in try db.scalar("SELECT count(*) FROM rate_windows") }
        #expect(left == 0)
    }

    /// Two servers take the last of one key's limit at once: one gets it, the other waits for its
    /// commit and is refused, rather than both reading the count and both adding to it.
    @Test func twoTakingTheLastOfALimitAtOnceGetItOnceOnPostgreSQL() throws {
        let test = try TestStore(engine: .postgres)
        let windows = test.store.rateWindows
        #expect(try windows.take("previews", limit: 3, amount: 2, window: 60, now: at(0)) == nil)
        let refused = Locked<[Bool]>([])
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "rate_windows", ["first", "second"]) { _ in
            let wait = try windows.take("previews", limit: 3, amount: 1, window: 60, now: at(1))
            refused.withLock { $0.append(wait != nil) }
        }
        #expect(outcomes.allSatisfy { $0 == nil }, "neither fails")
        #expect(refused.value.count == 2 && refused.value.filter { $0 }.count == 1, "\(refused.value)")
        #expect(try windows.wait("previews", limit: 3, now: at(2)) == 58)
    }
}
