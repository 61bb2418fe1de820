import Outbound
import Testing

@Suite struct LRUCacheTests {
    @Test func forgetsTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        #expect(cache.value(for: "a") == 1)  // "b" is now the oldest
        cache.set(3, for: "c")
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        #expect(cache.value(for: "c") == 3)
        #expect(cache.count == 2)
    }

    @Test func overwritingRefreshes() {
        var cache = LRUCache<String, Int>(capacity: 2)
        cache.set(1, for: "a")
        cache.set(2, for: "b")
        cache.set(10, for: "a")
        cache.set(3, for: "c")
        #expect(cache.value(for: "a") == 10)
        #expect(cache.value(for: "b") == nil)
    }

    @Test func staysBoundedUnderChurn() {
        var cache = LRUCache<Int, Int>(capacity: 8)
        for key in 0..<1_000 { cache.set(key, for: key) }
        #expect(cache.count == 8)
        #expect((992..<1_000).allSatisfy { cache.value(for: $0) == $0 })
        #expect(cache.value(for: 991) == nil)
    }

    @Test func zeroCapacityKeepsNothing() {
        var cache = LRUCache<String, Int>(capacity: 0)
        cache.set(1, for: "a")
        #expect(cache.value(for: "a") == nil)
    }

    @Test func costsOverTheLimitForgetTheLeastRecentlyUsed() {
        var cache = LRUCache<String, Int>(capacity: 10, costLimit: 10)
        cache.set(1, for: "a", cost: 4)
        cache.set(2, for: "b", cost: 4)
        #expect(cache.value(for: "a") == 1)  // "b" is now the oldest
        cache.set(3, for: "c", cost: 4)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.totalCost == 8)
        cache.set(4, for: "d", cost: 1)
        cache.set(5, for: "e", cost: 1)
        #expect(cache.count == 4)
        #expect(cache.totalCost == 10)
        // Replacing a value changes its cost: "a" grows, so the oldest others ("c", "d") go.
        cache.set(10, for: "a", cost: 9)
        #expect(cache.value(for: "a") == 10)
        #expect(cache.value(for: "e") == 5)
        #expect(cache.totalCost == 10)
        #expect(cache.count == 2)
    }

    @Test func aValueCostingMoreThanTheLimitIsNotKept() {
        var cache = LRUCache<String, Int>(capacity: 10, costLimit: 10)
        cache.set(1, for: "a", cost: 5)
        cache.set(2, for: "b", cost: 11)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1)
        cache.set(3, for: "a", cost: 11)
        #expect(cache.value(for: "a") == nil, "nor the value it would replace")
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    /// Slots emptied for costs are reused, and the count and the costs stay within their bounds.
    @Test func staysBoundedUnderChurnOfCosts() {
        var cache = LRUCache<Int, Int>(capacity: 8, costLimit: 20)
        for key in 0..<1_000 {
            cache.set(key, for: key, cost: key % 7)
            #expect(cache.count <= 8)
            #expect(cache.totalCost <= 20)
        }
        #expect(cache.value(for: 999) == 999)
        #expect(cache.value(for: 998) == 998)
    }

    @Test func aRemovedValueIsForgottenAndItsSlotReused() {
        var cache = LRUCache<String, Int>(capacity: 2, costLimit: 10)
        cache.set(1, for: "a", cost: 3)
        cache.set(2, for: "b", cost: 3)
        cache.remove("a")
        cache.remove("nothing")
        #expect(cache.value(for: "a") == nil)
        #expect(cache.count == 1)
        #expect(cache.totalCost == 3)
        cache.set(3, for: "c", cost: 3)
        #expect(cache.value(for: "b") == 2, "the emptied slot took the new value; nothing else went")
        #expect(cache.value(for: "c") == 3)
    }
}
