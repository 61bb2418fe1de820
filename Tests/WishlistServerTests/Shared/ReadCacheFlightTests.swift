import Foundation
import HTTPServer
import Synchronization
import Testing
import WishlistCore

@testable import WishlistServer
@testable import WishlistStore

/// A cache whose handler holds its first computation until the test releases it, and which counts
/// how often the write count was read: once per request that looked in the cache.
final class HeldReadCache: Sendable {
    let writes = SharedCounter()
    let writeCountReads = SharedCounter()
    private let writeCountRead = DispatchSemaphore(value: 0)
    let calls = SharedCounter()
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let handler: @Sendable (Request, Account) throws -> Response

    init(failing: Bool = false) {
        let writes = writes
        let writeCountReads = writeCountReads
        let writeCountRead = writeCountRead
        let calls = calls
        let started = started
        let release = release
        let cache = ReadCache(writeCount: { _ in
            writeCountReads.increment()
            writeCountRead.signal()
            return UInt64(writes.value)
        })
        handler =
            cache.reads { _, _ in
                let call = calls.increment()
                if call == 1 {
                    started.signal()
                    release.wait()
                }
                if failing { throw NotFoundError("answer \(call)") }
                return .json(encoded: Data("\(call)".utf8))
            }.handler
    }

    func get() throws -> String {
        let response = try handler(Request(method: .GET, path: "/api/v1/search", queryItems: [("q", "lamp")]), ReadCacheTests.account(1))
        return String(decoding: response.body.inMemory ?? Data(), as: UTF8.self)
    }

    /// Runs `get` on a thread of its own (Dispatch's pool is slow to add threads while some wait).
    func getInBackground(_ group: DispatchGroup, into answers: Answers) {
        group.enter()
        Thread {
            do {
                answers.add(try self.get())
            } catch {
                answers.add("error: \(error)")
            }
            group.leave()
        }.start()
    }

    /// Waits until the write count has been read `count` times in all.
    func waitForWriteCountReads(_ count: Int) {
        while writeCountReads.value < count { writeCountRead.wait() }
    }
}

/// Answers gathered from several threads.
final class Answers: Sendable {
    private let answers = Mutex<[String]>([])
    var all: [String] { answers.withLock { $0 } }
    func add(_ answer: String) { answers.withLock { $0.append(answer) } }
}

@Suite struct ReadCacheFlightTests {
    /// The answers of one request computing and `waiting` more for the same answer, each of which
    /// has looked in the cache (and chosen to wait) before the computation is let go.
    static func answers(of cache: HeldReadCache, computingWhile waiting: Int) -> [String] {
        let group = DispatchGroup()
        let answers = Answers()
        cache.getInBackground(group, into: answers)
        cache.started.wait()
        let readsByTheFirst = cache.writeCountReads.value
        for _ in 0..<waiting { cache.getInBackground(group, into: answers) }
        cache.waitForWriteCountReads(readsByTheFirst + waiting)
        cache.release.signal()
        group.wait()
        return answers.all
    }

    /// After a write every kept answer is stale at once: requests for one answer while it is being
    /// computed wait for that computation instead of each running it.
    @Test func requestsForAnAnswerBeingComputedWaitForIt() throws {
        let cache = HeldReadCache()
        let answers = Self.answers(of: cache, computingWhile: 4)
        #expect(answers == Array(repeating: "1", count: 5))
        #expect(cache.calls.value == 1)
    }

    /// A request after a write does not take the answer of a computation that started before it.
    @Test func aRequestAfterAWriteComputesItsOwnAnswer() throws {
        let cache = HeldReadCache()
        let group = DispatchGroup()
        let answers = Answers()
        cache.getInBackground(group, into: answers)
        cache.started.wait()
        cache.writes.increment()
        #expect(try cache.get() == "2")
        cache.release.signal()
        group.wait()
        #expect(answers.all == ["1"])
        #expect(try cache.get() == "2")
    }

    /// The requests that waited get the error of the computation they waited for.
    @Test func waitingRequestsGetTheComputationsError() throws {
        let cache = HeldReadCache(failing: true)
        let answers = Self.answers(of: cache, computingWhile: 3)
        #expect(answers.count == 4)
        #expect(Set(answers).count == 1 && answers.first?.contains("answer 1") == true, "\(answers)")
        #expect(cache.calls.value == 1)
    }
}
