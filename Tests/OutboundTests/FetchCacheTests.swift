import Synchronization
import TestSupport
import Testing

@testable import Outbound

@Suite struct FetchCacheTests {
    /// Counts the fetches run, each answering the number it was.
    final class Fetches: Sendable {
        private let count = Mutex(0)
        var made: Int { count.withLock { $0 } }

        func next() -> Int {
            count.withLock { count in
                count += 1
                return count
            }
        }
    }

    struct Refusal: Error, Equatable {
        let reason: String
    }

    /// Holds every task that waits on it until it is opened.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @Test func anAnswerIsCachedAndTheLeastRecentlyUsedForgotten() async {
        let cache = FetchCache<String, Int, Never>(capacity: 1)
        let fetches = Fetches()
        #expect(await cache.value(for: "a") { fetches.next() } == 1)
        #expect(await cache.value(for: "a") { fetches.next() } == 1)
        #expect(await cache.value(for: "b") { fetches.next() } == 2)
        #expect(await cache.value(for: "a") { fetches.next() } == 3)
        #expect(fetches.made == 3)
    }

    @Test func failuresAreNotCached() async {
        let cache = FetchCache<String, Int, NoAnswer>(capacity: 4)
        let fetches = Fetches()
        #expect(
            await cache.value(for: "a") {
                _ = fetches.next()
                return nil
            } == nil)
        #expect(await cache.value(for: "a") { () -> Int? in fetches.next() } == 2)
    }

    @Test func aFailureReachesTheCallerAsThrown() async throws {
        let cache = FetchCache<String, Int, Refusal>(capacity: 4)
        await #expect(throws: Refusal(reason: "busy")) {
            try await cache.value(for: "a") { () throws(Refusal) -> Int in throw Refusal(reason: "busy") }
        }
        #expect(try await cache.value(for: "a") { () throws(Refusal) -> Int in 7 } == 7)
    }

    @Test func anAnswerIsReusedForItsLifetimeOnly() async {
        let clock = ManualClock()
        let cache = FetchCache<String, Int, Never>(capacity: 4, lifetime: .seconds(60), clock: clock)
        let fetches = Fetches()
        #expect(await cache.value(for: "a") { fetches.next() } == 1)
        try? await clock.sleep(until: clock.now.advanced(by: .seconds(59)), tolerance: nil)
        #expect(await cache.value(for: "a") { fetches.next() } == 1)
        #expect(await cache.cached("a") == 1)
        try? await clock.sleep(until: clock.now.advanced(by: .seconds(1)), tolerance: nil)
        #expect(await cache.cached("a") == nil)
        #expect(await cache.value(for: "a") { fetches.next() } == 2)
    }

    @Test func aStoredAnswerNeedsNoFetch() async {
        let cache = FetchCache<String, Int, Never>(capacity: 4)
        await cache.store(5, for: "a")
        #expect(await cache.value(for: "a") { 9 } == 5)
    }

    /// The fetch is held until a second caller has joined it, so they surely overlap; it fails, so
    /// only sharing (not the cache) can spare the second fetch.
    @Test func callersOfAQuestionInFlightShareItsAnswer() async {
        let cache = FetchCache<String, Int, NoAnswer>(capacity: 4)
        let fetches = Fetches()
        let gate = Gate()
        let fetch: @Sendable () async -> Int? = {
            _ = fetches.next()
            await gate.wait()
            return nil
        }
        async let first = cache.value(for: "a", fetch: fetch)
        async let second = cache.value(for: "a", fetch: fetch)
        while await cache.callers["a"] != 2 { await Task.yield() }
        await gate.open()
        let answers = await [first, second]
        #expect(answers == [nil, nil])
        #expect(fetches.made == 1)
        #expect(await cache.callers.isEmpty)
    }
}
