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

/// A cache over a handler that counts its calls and answers with the count, with a write count
/// (everyone's, and account 2's own), a clock (nanoseconds) and background refreshes the test moves
/// by hand.
final class ReadCacheFixture: Sendable {
    let writes = SharedCounter()
    /// Writes of account 2's rows alone, which no other account's count includes.
    let secondAccountWrites = SharedCounter()
    let calls = SharedCounter()
    let clock = SharedCounter()
    let refreshes = PendingRefreshes()
    /// Answers given, kept or computed (the read's `noting`).
    let noted = SharedCounter()
    let read: ReadCache.CachedRead

    /// - Parameter generation: as on PostgreSQL, the accounts' generation the answers are kept
    ///   under (its account's key plus `generations`); nil when it cannot be read.
    init(
        status: HTTPStatus = .ok, writingDuringTheRead: Bool = false,
        generations: (@Sendable () -> Int?)? = nil, capacity: Int = ReadCache.keptAnswers, bytes: Int = ReadCache.keptBytes
    ) {
        let writes = writes
        let secondAccountWrites = secondAccountWrites
        let calls = calls
        let clock = clock
        let refreshes = refreshes
        let noted = noted
        let generation = generations.map { generations in
            { @Sendable (account: Account) throws -> UInt64 in
                guard let count = generations() else { throw DatabaseUnavailableError() }
                return UInt64(account.key.rawValue) * 1_000 + UInt64(count)
            }
        }
        let cache = ReadCache(
            capacity: capacity, bytes: bytes,
            writeCount: { account in UInt64(writes.value + (account.key.rawValue == 2 ? secondAccountWrites.value : 0)) },
            generation: generation,
            now: { UInt64(clock.value) },
            refresh: { refreshes.add($0) })
        read = cache.reads(
            { _, account in
                let call = calls.increment()
                if writingDuringTheRead { writes.increment() }
                return .json(encoded: Data("\(account.key.rawValue):\(call)".utf8), status: status)
            }, noting: { _, _ in noted.increment() })
    }

    /// Moves the clock on by `duration` and a nanosecond.
    func wait(_ duration: Duration) {
        clock.add(Int(duration.components.seconds) * 1_000_000_000 + 1)
    }

    static func request(_ path: String, headers: HTTPHeaders = .init()) -> Request {
        Request(method: .GET, path: path, queryItems: [("b", "2"), ("a", "1")], headers: headers)
    }

    func get(_ path: String, as account: Account, headers: HTTPHeaders = .init()) throws -> String {
        Self.text(try read.handler(Self.request(path, headers: headers), account))
    }

    /// The answer the event thread may give from memory alone; nil when there is none.
    func kept(_ path: String, as account: Account, headers: HTTPHeaders = .init()) -> String? {
        read.quick(Self.request(path, headers: headers)) { account }.map(Self.text)
    }

    static func text(_ response: Response) -> String {
        String(decoding: response.body.inMemory ?? Data(), as: UTF8.self)
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

    /// The write count is the asking account's: another account's writes leave an answer kept,
    /// on a worker and on the event thread alike.
    @Test func anotherAccountsWritesLeaveAnAnswerKept() throws {
        let fixture = ReadCacheFixture()
        let (ana, ben) = (Self.account(1), Self.account(2))
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: ben) == "2:2")
        fixture.secondAccountWrites.increment()
        #expect(fixture.kept("/api/v1/wishes", as: ana) == "1:1")
        #expect(fixture.kept("/api/v1/wishes", as: ben) == nil)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: ben) == "2:3")
        #expect(fixture.calls.value == 3)
    }

    /// Servers sharing a database: an answer is kept under the account's generation, read at
    /// every request, so another server's write (which changes it) is seen at once; one that
    /// cannot be read keeps nothing; nothing is given on the event thread.
    @Test func withGenerationsAnAnswerIsKeptUntilTheGenerationChanges() throws {
        let generations = SharedCounter()
        let databaseAway = Atomic<Bool>(false)
        let fixture = ReadCacheFixture {
            databaseAway.load(ordering: .relaxed) ? nil : generations.value
        }
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(fixture.kept("/api/v1/wishes", as: ana) == nil, "the event thread does not wait for the database")
        generations.increment()  // another server wrote: this one's write count did not move
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2")
        databaseAway.store(true, ordering: .relaxed)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:3")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:4")
        databaseAway.store(false, ordering: .relaxed)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:2", "the last answer of this generation")
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

    /// The event thread's lookup gives a kept answer only while a worker would give it as it is,
    /// and only to its own account; it never computes, waits or starts a refresh.
    @Test func theQuickLookupGivesOnlyFreshAnswersOfItsOwnAccount() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        #expect(fixture.kept("/api/v1/wishes", as: ana) == nil, "nothing kept yet")
        #expect(fixture.calls.value == 0, "the quick lookup computes nothing")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(fixture.kept("/api/v1/wishes", as: ana) == "1:1")
        #expect(fixture.kept("/api/v1/wishes", as: Self.account(2)) == nil, "another account never gets it")
        #expect(fixture.kept("/api/v1/tags", as: ana) == nil)
        var fresh = HTTPHeaders()
        fresh["Cache-Control"] = "no-cache"
        #expect(fixture.kept("/api/v1/wishes", as: ana, headers: fresh) == nil)
        let asked = SharedCounter()
        _ = fixture.read.quick(ReadCacheFixture.request("/api/v1/wishes", headers: fresh)) {
            asked.increment()
            return ana
        }
        #expect(asked.value == 0, "who calls is not looked up for a request whose answer is never kept")
        fixture.writes.increment()
        #expect(fixture.kept("/api/v1/wishes", as: ana) == nil, "a write ends it at once")
        #expect(fixture.calls.value == 1)
    }

    /// An old answer goes to a worker, which starts its computation anew; while that runs, the
    /// quick lookup gives the old answer as a worker would, until the grace ends.
    @Test func theQuickLookupLeavesOldAnswersToAWorker() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        fixture.wait(ReadCache.maximumAge)
        #expect(fixture.kept("/api/v1/wishes", as: ana) == nil)
        #expect(fixture.refreshes.count == 0, "the quick lookup starts nothing")
        #expect(try fixture.get("/api/v1/wishes", as: ana) == "1:1")
        #expect(fixture.refreshes.count == 1)
        #expect(fixture.kept("/api/v1/wishes", as: ana) == "1:1")
        fixture.wait(ReadCache.refreshGrace)
        #expect(fixture.kept("/api/v1/wishes", as: ana) == nil)
    }

    /// What a read notes besides answering (a recent search) is noted for every answer given:
    /// computed, kept on a worker, or kept on the event thread; not when none is given.
    @Test func everyAnswerGivenIsNotedWhereverItCameFrom() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        #expect(fixture.kept("/api/v1/search", as: ana) == nil)
        #expect(fixture.noted.value == 0, "no answer, nothing noted")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:1")
        #expect(fixture.noted.value == 1, "computed")
        #expect(try fixture.get("/api/v1/search", as: ana) == "1:1")
        #expect(fixture.noted.value == 2, "kept, given by a worker")
        #expect(fixture.kept("/api/v1/search", as: ana) == "1:1")
        #expect(fixture.noted.value == 3, "kept, given on the event thread")
        #expect(fixture.calls.value == 1)
    }

    /// Kept bodies are shared bytes, sent without a copy.
    @Test func keptBodiesAreSharedBytes() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        _ = try fixture.get("/api/v1/wishes", as: ana)
        let first = try #require(fixture.read.quick(ReadCacheFixture.request("/api/v1/wishes")) { ana })
        let second = try #require(fixture.read.quick(ReadCacheFixture.request("/api/v1/wishes")) { ana })
        guard case .bytes(let one) = first.body, case .bytes(let other) = second.body else {
            Issue.record("a kept body is not shared bytes")
            return
        }
        #expect(one === other)
    }

    /// Answers are kept by their bytes: as many small ones as fit, the least recently used going
    /// first; an answer alone larger than the room is computed every time.
    @Test func answersAreKeptByTheirBytes() throws {
        // Each answer costs its key and its body (`"1:N"`).
        let cost = "1  /api/v1/wishes/1?a=1&b=2".utf8.count + "1:1".utf8.count
        let fixture = ReadCacheFixture(capacity: 100, bytes: 5 * cost)
        let ana = Self.account(1)
        for wish in 1...5 { _ = try fixture.get("/api/v1/wishes/\(wish)", as: ana) }
        for wish in 1...5 { _ = try fixture.get("/api/v1/wishes/\(wish)", as: ana) }
        #expect(fixture.calls.value == 5, "five answers fit")
        _ = try fixture.get("/api/v1/wishes/6", as: ana)
        #expect(fixture.kept("/api/v1/wishes/1", as: ana) == nil, "the least recently used made room")
        #expect((2...6).allSatisfy { fixture.kept("/api/v1/wishes/\($0)", as: ana) != nil })

        let small = ReadCacheFixture(capacity: 100, bytes: cost - 1)
        _ = try small.get("/api/v1/wishes/1", as: ana)
        #expect(small.kept("/api/v1/wishes/1", as: ana) == nil, "larger than the room")
    }

    /// More answers are kept than the 256 of any size kept before: a wish's page for each of
    /// 2,000 wishes opened.
    @Test func manySmallAnswersAreKept() throws {
        let fixture = ReadCacheFixture()
        let ana = Self.account(1)
        for wish in 1...2_000 { _ = try fixture.get("/api/v1/wishes/\(wish)", as: ana) }
        #expect((1...2_000).allSatisfy { fixture.kept("/api/v1/wishes/\($0)", as: ana) != nil })
    }
}
