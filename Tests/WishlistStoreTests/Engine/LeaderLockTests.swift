import Foundation
import TestSupport
import Testing

@testable import WishlistStore

/// The leader lock: of two stores on one PostgreSQL database, one holds it, and the other takes it
/// once the first lets it go; on SQLite it is always held.
@Suite struct LeaderLockTests {
    @Test func oneOfTwoStoresHoldsItUntilItLetsItGo() throws {
        let test = try TestStore(engine: .postgres)
        let other = try Store(url: test.url, sqlitePath: "")
        defer { try? other.close() }
        let first = LeaderLock(store: test.store)
        let second = LeaderLock(store: other)
        #expect(try first.refresh())
        #expect(try first.refresh(), "held, it is confirmed")
        #expect(try !second.refresh())

        first.release()
        try waitUntil("the other store takes the lock", seconds: 10) { try second.refresh() }
        #expect(try !first.refresh())
        second.release()
    }

    @Test func onSQLiteItIsAlwaysHeld() throws {
        let test = try TestStore(engine: .sqlite)
        let lock = LeaderLock(store: test.store)
        #expect(try lock.refresh())
        #expect(try LeaderLock(store: test.store).refresh(), "one server has the file")
    }
}
