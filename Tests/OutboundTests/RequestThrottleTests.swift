import Outbound
import TestSupport
import Testing

@Suite struct RequestThrottleTests {
    @Test func concurrentCallersGetTurnsASecondApart() async throws {
        let clock = ManualClock()
        let throttle = RequestThrottle(clock: clock, interval: .seconds(1), maximumWait: .seconds(10))
        let turns = await withTaskGroup(of: ManualClock.Instant?.self) { group in
            for _ in 0..<3 { group.addTask { await throttle.waitForTurn() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let sorted = try turns.map { try #require($0) }.sorted()
        #expect(sorted.count == 3)
        for (earlier, later) in zip(sorted, sorted.dropFirst()) {
            #expect(earlier.duration(to: later) >= .seconds(1))
        }
        // Each turn was a sleep on the injected clock until its slot; no real time was waited.
        #expect(clock.sleeps.sorted() == sorted)
    }

    @Test func aLaterCallerAfterAQuietSpellGoesAtOnce() async throws {
        let clock = ManualClock()
        let throttle = RequestThrottle(clock: clock, interval: .seconds(1), maximumWait: .seconds(10))
        let first = try #require(await throttle.waitForTurn())
        try await clock.sleep(for: .seconds(5))
        let second = try #require(await throttle.waitForTurn())
        #expect(first.duration(to: second) == .seconds(5))
    }

    @Test func aQueueLongerThanTheMaximumWaitIsRefused() async {
        // Time never moves, so every turn reserved is still ahead when the next caller asks.
        let clock = ManualClock(advancesWhenSleeping: false)
        let throttle = RequestThrottle(clock: clock, interval: .seconds(1), maximumWait: .seconds(2))
        var granted: [ManualClock.Instant?] = []
        for _ in 0..<4 { granted.append(await throttle.waitForTurn()) }
        #expect(granted.map { $0?.offset } == [.zero, .seconds(1), .seconds(2), nil])
    }
}
