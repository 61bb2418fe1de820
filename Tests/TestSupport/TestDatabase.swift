import Foundation
import PostgreSQL
import Synchronization

/// A new, empty database on the test cluster for one test, so that tests running at once see
/// nothing of each other's tables, locks or sessions.
public enum TestDatabase {
    /// Creates the database and answers its URL (with more query parameters if given); with
    /// `template`, as a copy of the database of that URL, to which no connection may be open.
    public static func make(copying template: String? = nil, parameters: [(String, String)] = []) throws -> String {
        let cluster = try PostgresTestCluster.shared()
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(url: cluster.url())
        let copied = template.map { " TEMPLATE " + ($0.split(separator: "?")[0].split(separator: "/").last ?? "") } ?? ""
        // FILE_COPY copies the template's files whole: PostgreSQL 15's default (WAL_LOG) copies
        // them block by block through the log, 140 ms of the server's CPU for the migrated schema
        // against 57, and the tests make hundreds of databases. Its checkpoints write nothing to
        // disk here (the test cluster runs with fsync off).
        for attempt in 1... {
            // The template's last sessions may still be ending after their client closed them.
            do {
                try admin.execute("CREATE DATABASE \(name)\(copied) STRATEGY FILE_COPY")
                break
            } catch let error as PostgresError where error.code == SQLState(rawValue: "55006") && attempt < 100 {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        return cluster.url(database: name, parameters: parameters)
    }

    /// Removes a database `make` made, once nothing uses it: the test cluster holds no more than the
    /// tests running at once need.
    public static func drop(_ url: String) throws {
        let name = url.split(separator: "?")[0].split(separator: "/").last ?? ""
        // FORCE: a session whose client has closed it may still be ending.
        try PostgresConnection(url: PostgresTestCluster.shared().url()).execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// A new database copying the one made for `purpose` in this process, which `prepare` made
    /// from an empty one the first time (the schema, say). A copy is a file copy on the server:
    /// half the CPU of making a schema's tables, indexes and triggers anew.
    public static func make(copyingPrepared purpose: String, _ prepare: (String) throws -> Void) throws -> String {
        try make(
            copying: prepared.withLock { made in
                if let url = made[purpose] { return url }
                let url = try make()
                try prepare(url)
                made[purpose] = url
                return url
            })
    }

    private static let prepared = Mutex<[String: String]>([:])
}

/// Runs `body` on `count` threads of its own at once (not tasks: every call blocks its thread
/// while the server answers or a lock is held, and the cooperative pool has only as many threads
/// as cores), and waits for all; throws the first error any of them threw.
public func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
    let errors = Locked<[any Error]>([])
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            defer { group.leave() }
            do { try body(index) } catch { errors.withLock { $0.append(error) } }
        }.start()
    }
    group.wait()
    if let error = errors.value.first { throw error }
}

/// Waits until `condition` holds, checking it every 2 ms; fails after `seconds` (long: the machine
/// may be busy with other builds and tests).
public func waitUntil(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        guard Date() < deadline else { throw WaitTimedOut(what: what) }
        usleep(2_000)
    }
}

public struct WaitTimedOut: Error, CustomStringConvertible {
    public let what: String
    public var description: String { "timed out waiting until \(what)" }
}
