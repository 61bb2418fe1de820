/// A first-in, first-out queue in a ring buffer: adding and taking are O(1) (amortised when it
/// grows), where `Array.removeFirst()` moves every remaining element.
struct RingQueue<Element> {
    private var slots: [Element?] = []
    /// Index of the first element in `slots`.
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: Element) {
        if count == slots.count { grow() }
        slots[(head + count) % slots.count] = element
        count += 1
    }

    /// The element added first, left in the queue; nil when the queue is empty.
    var first: Element? { count > 0 ? slots[head] : nil }

    /// The element added first, or nil when the queue is empty.
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        defer {
            slots[head] = nil
            head = (head + 1) % slots.count
            count -= 1
        }
        return slots[head]
    }

    /// Doubles the room, laying the elements out in order from the start.
    private mutating func grow() {
        let ordered = (0..<count).map { slots[(head + $0) % slots.count] }
        slots = ordered + Array(repeating: nil, count: max(4, slots.count))
        head = 0
    }
}
