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
}
