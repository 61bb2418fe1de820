import Foundation
import HTTPServer
import Synchronization
import Testing
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

/// A number several threads may move.
final class SharedCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    @discardableResult func increment() -> Int { add(1) }
    @discardableResult func add(_ amount: Int) -> Int { count.add(amount, ordering: .relaxed).newValue }
}

/// Computations a cache started in the background, run when the test says.
final class PendingRefreshes: Sendable {
    private let work = Mutex<[@Sendable () -> Void]>([])

    var count: Int { work.withLock { $0.count } }
    func add(_ work: @escaping @Sendable () -> Void) { self.work.withLock { $0.append(work) } }
    func runAll() {
        for work in self.work.withLock({ work in
            defer { work = [] }
            return work
        }) { work() }
    }
}

/// A cache over a handler that counts its calls and answers with the count, with a write count,
/// a clock (nanoseconds) and background refreshes the test moves by hand.
final class ReadCacheFixture: Sendable {
    let writes = SharedCounter()
    let calls = SharedCounter()
    let clock = SharedCounter()
    let refreshes = PendingRefreshes()
    let handler: @Sendable (Request, Account) throws -> Response

    init(status: HTTPStatus = .ok, writingDuringTheRead: Bool = false) {
        let writes = writes
        let calls = calls
        let clock = clock
        let refreshes = refreshes
        let cache = ReadCache(
            writeCount: { UInt64(writes.value) }, now: { UInt64(clock.value) }, refresh: { refreshes.add($0) })
        handler = cache.reads { _, account in
            let call = calls.increment()
            if writingDuringTheRead { writes.increment() }
            return .json(encoded: Data("\(account.key.rawValue):\(call)".utf8), status: status)
        }
    }

    /// Moves the clock on by `duration` and a nanosecond.
    func wait(_ duration: Duration) {
        clock.add(Int(duration.components.seconds) * 1_000_000_000 + 1)
    }

    func get(_ path: String, as account: Account, headers: HTTPHeaders = .init()) throws -> String {
        let response = try handler(Request(method: .GET, path: path, queryItems: [("b", "2"), ("a", "1")], headers: headers), account)
        guard case .data(let body) = response.body else { return "" }
        return String(decoding: body, as: UTF8.self)
    }
}

@Suite struct ReadCacheTests {
    static func account(_ key: Int64) -> Account {
        Account(key: UserKey(key), user: User(id: UUID(), username: "user\(key)", isAdmin: false, createdAt: Date()))
    }

    @Test func aReadIsAnsweredAgainUntilSomethingIsWritten() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        fixture.writes.increment()
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(fixture.calls.value == 2)
    }

    @Test func answersAreTheirAccountsAndTargetsOwn() throws {
        let fixture = ReadCacheFixture()
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1)) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(2)) == "2:2")
        #expect(try fixture.get("/api/v1/tags", as: Self.account(1)) == "1:3")
        var korean = HTTPHeaders()
        korean["Accept-Language"] = "ko"
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1), headers: korean) == "1:4")
        #expect(try fixture.get("/api/v1/wishes", as: Self.account(1)) == "1:1")
    }

    /// A fixture whose answer to Ana's `path` ("1:1") has just grown older than the maximum age,
    /// and is given once more (starting its computation anew).
    static func oldAnswer(_ path: String) throws -> (fixture: ReadCacheFixture, ana: Account) {
        let fixture = ReadCacheFixture()
        let ana = account(1)
        #expect(try fixture.get(path, as: ana) == "1:1")
        fixture.wait(ReadCache.maximumAge)
        #expect(try fixture.get(path, as: ana) == "1:1")
        return (fixture, ana)
    }

    /// An answer older than the maximum age is given once more while it is computed anew in the
    /// background, so that answers expiring do not make every request compute at once.
    @Test func anOldAnswerIsGivenWhileItIsComputedAnewInTheBackground() throws {
        let (fixture, ana) = try Self.oldAnswer("/api/v1/search")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:1")
        #expect(fixture.refreshes.count == 1 && fixture.calls.value == 1)
        fixture.refreshes.runAll()
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:2")
        #expect(fixture.refreshes.count == 0 && fixture.calls.value == 2)
    }

    /// Only for a while: a refresh that fails or never ends does not keep the old answer for good.
    @Test func anOldAnswerIsGivenOnlyForTheGrace() throws {
        let (fixture, ana) = try Self.oldAnswer("/api/v1/wishes")
        fixture.wait(ReadCache.refreshGrace)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
    }

    /// Nor is an old answer given once something was written, refreshed or not.
    @Test func aWriteEndsAnOldAnswerAtOnce() throws {
        let (fixture, ana) = try Self.oldAnswer("/api/v1/search")
        fixture.writes.increment()
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:2")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:2")
    }

    /// A write that lands while the answer is computed may or may not be in it: it is not kept.
    @Test func anAnswerComputedAcrossAWriteIsNotKept() throws {
        let fixture = ReadCacheFixture(writingDuringTheRead: true)
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:2")
    }

    @Test func conditionalAndFreshRequestsAndErrorsAreNotKept() throws {
        let ana = Self.account(1)
        let fixture = ReadCacheFixture()
        var conditional = HTTPHeaders()
        conditional["If-None-Match"] = "\"3\""
        #expect(try fixture.get("/api/v1/wishes/x", as: ana, headers: conditional) == "1:1")
        #expect(try fixture.get("/api/v1/wishes/x", as: ana, headers: conditional) == "1:2")
        var fresh = HTTPHeaders()
        fresh["Cache-Control"] = "no-cache"
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:3")
        #expect(try fixture.get("/api/v1/wishes", as: ana, headers: fresh) == "1:4")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:3")
        let failing = ReadCacheFixture(status: .notFound)
        #expect(try failing.get("/api/v1/wishes/x", as: ana) == "1:1")
        #expect(try failing.get("/api/v1/wishes/x", as: ana) == "1:2")
    }
}
