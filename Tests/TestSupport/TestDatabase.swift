import Foundation
import PostgreSQL

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
        // The template's last sessions may still be ending after their client closed them.
        for attempt in 1... {
            do {
                try admin.execute("CREATE DATABASE \(name)\(copied)")
                break
            } catch let error as PostgresError where error.code == SQLState(rawValue: "55006") && attempt < 100 {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        return cluster.url(database: name, parameters: parameters)
    }
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
