import Testing

@testable import HTTPServer

@Suite struct RingQueueTests {
    @Test func emptyQueueHasNothing() {
        var queue = RingQueue<Int>()
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    /// Interleaved adds and takes move the head around the ring many times, and the ring grows
    /// while its elements wrap past the end; the order must hold throughout.
    @Test func keepsOrderAcrossWrapAroundAndGrowth() {
        var queue = RingQueue<Int>()
        var model: [Int] = []
        var next = 0
        for round in 0..<200 {
            for _ in 0..<(round % 7) {
                queue.append(next)
                model.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) {
                #expect(queue.popFirst() == (model.isEmpty ? nil : model.removeFirst()))
            }
            #expect(queue.count == model.count)
        }
        while let first = queue.popFirst() {
            #expect(first == model.removeFirst())
        }
        #expect(model.isEmpty)
    }
}
