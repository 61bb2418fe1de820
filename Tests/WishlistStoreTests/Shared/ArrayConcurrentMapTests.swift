import Testing

@testable import WishlistStore

struct ArrayConcurrentMapTests {
    /// Short arrays are mapped on the calling thread, long ones in parts on every core; either way
    /// the results come in the array's order, each element mapped once.
    @Test(arguments: [0, 1, 999, 1_000, 2_001, 15_028])
    func givesWhatMapGivesInTheSameOrder(count: Int) {
        let numbers = Array(0..<count)
        #expect(numbers.concurrentMap { $0 * 3 + 1 } == numbers.map { $0 * 3 + 1 })
    }
}
