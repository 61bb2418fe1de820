import Foundation
import PostgreSQL
import TestSupport
import Testing
import WishlistStore

@testable import WishlistServer

/// Several servers on one PostgreSQL database: exactly one leads and runs the background work
/// (`Leadership`), and when it stops or loses its lock's session another takes over within the
/// check interval (the tests' servers check every 200 ms). On SQLite a server always leads.
@Suite struct LeadershipTests {
    /// Two servers on one new database, each logging into its own list.
    struct Pair {
        let url: String
        let first: TestServer
        let second: TestServer
        let firstLog = Locked<[String]>([])
        let secondLog = Locked<[String]>([])

        init() throws {
            let database = try SharedTestDatabase()
            url = database.url
            let (firstLog, secondLog) = (firstLog, secondLog)
            first = try TestServer(database: database) { $0.logger = { line in firstLog.withLock { $0.append(line) } } }
            second = try TestServer(database: database) { $0.logger = { line in secondLog.withLock { $0.append(line) } } }
        }

        static func said(_ log: Locked<[String]>, _ words: String) -> Bool {
            log.value.contains { $0.contains(words) }
        }
    }

    @Test func oneOfTwoServersLeadsAndTheOtherTakesOverWhenItStops() throws {
        let pair = try Pair()
        let (first, second) = (pair.first.application, pair.second.application)
        #expect(first.leadership.isLeader, "the first server tried at its start, alone")
        #expect(!second.leadership.isLeader)
        try waitUntil("the leader's first housekeeping round") { first.housekeeping.roundsRun >= 1 }
        #expect(Pair.said(pair.firstLog, "now leads the background work"))
        // Several of the follower's checks later, it has still done nothing.
        Thread.sleep(forTimeInterval: 1)
        #expect(!second.leadership.isLeader)
        #expect(second.housekeeping.roundsRun == 0)

        try first.stop()
        #expect(!first.leadership.isLeader)
        #expect(Pair.said(pair.firstLog, "no longer leads the background work: this server stops"))
        try waitUntil("the second server leads", seconds: 10) { second.leadership.isLeader }
        try waitUntil("its first housekeeping round") { second.housekeeping.roundsRun >= 1 }
        #expect(Pair.said(pair.secondLog, "now leads the background work"))
        let roundsOfTheFirst = first.housekeeping.roundsRun
        Thread.sleep(forTimeInterval: 0.5)
        #expect(first.housekeeping.roundsRun == roundsOfTheFirst, "the stopped leader's housekeeping stopped")
    }

    /// The leader's session ends under it (the database restarted, an administrator terminated
    /// it): it sees so at its next check, stops its services, and the lock is free again, taken by
    /// one server, never two at once.
    @Test func aLeaderWhoseSessionEndsStepsDown() throws {
        let pair = try Pair()
        let (first, second) = (pair.first.application, pair.second.application)
        #expect(first.leadership.isLeader)
        let admin = try PostgresConnection(url: pair.url)
        defer { admin.close() }
        let key = PostgresConnection.advisoryLockKey("leader")
        let terminated: [Bool] = try admin.column(
            """
            SELECT pg_terminate_backend(pid) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 1
            """,
            [Int64(UInt32(truncatingIfNeeded: key >> 32)), Int64(UInt32(truncatingIfNeeded: key))])
        #expect(terminated == [true])

        try waitUntil("the first server steps down", seconds: 10) {
            Pair.said(pair.firstLog, "no longer leads the background work")
        }
        try waitUntil("a server leads again", seconds: 10) {
            let leaders = [first, second].filter(\.leadership.isLeader).count
            #expect(leaders <= 1)
            return leaders == 1
        }
    }

    @Test(.enabled(if: !TestServer.onPostgreSQL, "the servers of this run are on PostgreSQL"))
    func aServerOnSQLiteAlwaysLeads() throws {
        let server = try TestServer()
        #expect(server.application.leadership.isLeader)
        try waitUntil("its first housekeeping round") { server.application.housekeeping.roundsRun >= 1 }
    }
}
