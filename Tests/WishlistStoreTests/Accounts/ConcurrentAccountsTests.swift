import Foundation
import Testing
import WishlistCore

@testable import WishlistStore

/// The rules across accounts under concurrent writers, on PostgreSQL (on SQLite every write has
/// the file to itself): with `StoreLock.accounts`, the second of two writers meeting in
/// `ConcurrentWriters.runTogether` waits before its check and sees what the first did.
@Suite struct ConcurrentAccountsTests {
    static let now = Date(millisecondsSince1970: 70_000_000)

    @Test func twoAdministratorsDisablingEachOtherAtOnceLeaveOneEnabled() throws {
        let test = try TestStore(engine: .postgres)
        let store = test.store
        _ = try store.users.createUser(username: "alice", passwordHash: "x", isAdmin: true, now: Self.now)
        _ = try store.users.createUser(username: "carol", passwordHash: "x", isAdmin: true, now: Self.now)
        // Disabling ends the account's sessions after its check: both writers stop there.
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "sessions", ["alice", "carol"]) { username in
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
        let outcomes = try ConcurrentWriters.runTogether(test, holding: "users", ["alice", "bob"]) { username in
            _ = try store.users.createFirstAdmin(username: username, passwordHash: "x", now: Self.now)
        }
        #expect(outcomes.filter { $0 == nil }.count == 1, "exactly one succeeds")
        #expect(outcomes.compactMap { $0 as? StoreError } == [.alreadySetUp])
        #expect(try store.users.userCount() == 1)
    }
}
