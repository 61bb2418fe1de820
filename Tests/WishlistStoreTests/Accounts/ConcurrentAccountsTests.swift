import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistCore

@testable import WishlistStore

/// The rules across accounts under concurrent writers, on PostgreSQL (on SQLite every write has
/// the file to itself). Each test makes both writers check before either commits, were nothing to
/// keep them apart: a third connection holds a lock on a table both must write after their checks,
/// and is let go only once both are waiting. With `StoreLock.accounts` the second writer waits
/// before its check instead, and sees what the first did.
@Suite struct ConcurrentAccountsTests {
    static let now = Date(millisecondsSince1970: 70_000_000)

    @Test func twoAdministratorsDisablingEachOtherAtOnceLeaveOneEnabled() throws {
        let test = try TestStore(engine: .postgres)
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now)
        _ = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: true, now: Self.now)
        // Disabling ends the account's sessions after its check: both writers stop there.
        let outcomes = try Self.runTogether(test, holding: "sessions", ["alice", "carol"]) { username in
            try store.users.setDisabled(true, username: username, now: Self.now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? AccountAdministrationError } == [.lastAdmin])
        #expect(try store.users.summaries().filter { $0.isAdmin && $0.disabledAt == nil }.count == 1)
    }

    @Test func twoFirstSetUpsAtOnceMakeOneAccount() throws {
        let test = try TestStore(engine: .postgres)
        let store = test.store
        // Both count the accounts, then stop at inserting theirs.
        let outcomes = try Self.runTogether(test, holding: "users", ["alice", "bob"]) { username in
            _ = try store.users.createFirstAdmin(username: username, passwordHash: "x", now: Self.now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? StoreError } == [.alreadySetUp])
        #expect(try store.users.userCount() == 1)
    }

    /// Runs `write` for each name on a thread of its own while another connection holds `table` in
    /// SHARE mode (reads go on, writes wait); lets go once both writers wait on a lock. Answers each
    /// writer's error, nil for success, in the order of `names`.
    private static func runTogether(
        _ test: TestStore, holding table: String, _ names: [String], _ write: @escaping @Sendable (String) throws -> Void
    ) throws -> [(any Error)?] {
        let url = try #require(test.url)
        let holder = try PostgresConnection(url: url)
        let watcher = try PostgresConnection(url: url)
        let outcomes = Locked<[Int: any Error]>([:])
        try holder.execute("BEGIN; LOCK TABLE \(table) IN SHARE MODE")
        let finished = DispatchSemaphore(value: 0)
        Thread {
            // Each writer keeps its own error, so none is thrown here.
            try? onThreads(names.count) { index in
                do { try write(names[index]) } catch { outcomes.withLock { $0[index] = error } }
            }
            finished.signal()
        }.start()
        try waitUntil("both writers wait on a lock") {
            let waiting: Int =
                try watcher.scalar(
                    """
                    SELECT count(*) FROM pg_stat_activity
                    WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = 'wishlist'
                    """) ?? 0
            return waiting == names.count
        }
        try holder.execute("COMMIT")
        finished.wait()
        return names.indices.map { outcomes.value[$0] }
    }
}
