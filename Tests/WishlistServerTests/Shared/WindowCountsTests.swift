import Foundation
import Testing

@testable import WishlistServer

/// Counting events in windows of time: several at once, a refusal that counts nothing, the window's end.
@Suite struct WindowCountsTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func severalEventsAtOnceAreCountedTogetherOrNotAtAll() {
        let counts = WindowCounts(window: 60)
        #expect(counts.take("uploads", limit: 5, amount: 3, now: start) == nil)
        // Three more would make six: refused, with the window's remaining time, and nothing counted.
        #expect(counts.take("uploads", limit: 5, amount: 3, now: start.addingTimeInterval(10)) == 50)
        #expect(counts.take("uploads", limit: 5, amount: 2, now: start.addingTimeInterval(10)) == nil)
        #expect(counts.take("uploads", limit: 5, amount: 1, now: start.addingTimeInterval(10)) == 50)
        // Other keys have their own count; a new window starts the count again.
        #expect(counts.take("previews", limit: 5, amount: 5, now: start) == nil)
        #expect(counts.take("uploads", limit: 5, amount: 5, now: start.addingTimeInterval(60)) == nil)
    }

    @Test func moreAtOnceThanTheLimitIsNeverTaken() {
        let counts = WindowCounts(window: 60)
        #expect(counts.take("uploads", limit: 2, amount: 3, now: start) == 60)
        // The refusal counted nothing: the whole limit is still there.
        #expect(counts.take("uploads", limit: 2, amount: 2, now: start) == nil)
    }
}
