/// A bounded map that forgets the least recently used entry first; O(1) reads and writes.
///
/// It holds at most `capacity` entries and, when a `costLimit` is given, entries whose costs
/// (each given with its value: a size in bytes, say) add up to at most that. So many small
/// values may be kept where a few large ones would fill it.
///
/// Entries live in an array linked newest-to-oldest by index, so a full cache reuses the
/// oldest entry's slot instead of allocating; a slot emptied to make room for a costly value is
/// reused by the next.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        /// Nil in an emptied slot, so that the value is freed.
        var value: Value?
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    public let capacity: Int
    /// The most the costs of the entries add up to.
    public let costLimit: Int
    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var emptied: [Int] = []
    private var newest: Int?
    private var oldest: Int?
    public private(set) var totalCost = 0

    public init(capacity: Int, costLimit: Int = .max) {
        self.capacity = max(0, capacity)
        self.costLimit = max(0, costLimit)
    }

    public var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return entries[slot].value
    }

    /// Stores `value` as the most recently used; then the least recently used entries go while
    /// there are more than `capacity` or their costs exceed `costLimit`. A value that costs more
    /// than `costLimit` alone is not kept (nor is the one it would replace).
    public mutating func set(_ value: Value, for key: Key, cost: Int = 0) {
        guard cost <= costLimit else {
            remove(key)
            return
        }
        if let slot = slots[key] {
            totalCost += cost - entries[slot].cost
            entries[slot].value = value
            entries[slot].cost = cost
            moveToNewest(slot)
        } else {
            guard capacity > 0 else { return }
            if entries.count == capacity, emptied.isEmpty, let victim = oldest { empty(victim) }
            let entry = Entry(key: key, value: value, cost: cost)
            let slot: Int
            if let reused = emptied.popLast() {
                slot = reused
                entries[slot] = entry
            } else {
                slot = entries.count
                entries.append(entry)
            }
            slots[key] = slot
            totalCost += cost
            linkAsNewest(slot)
        }
        while totalCost > costLimit, let victim = oldest { empty(victim) }
    }

    /// Forgets the value for `key`, if there is one.
    public mutating func remove(_ key: Key) {
        if let slot = slots[key] { empty(slot) }
    }

    /// Forgets the entry in `slot`, whose slot then waits for the next new entry.
    private mutating func empty(_ slot: Int) {
        unlink(slot)
        slots[entries[slot].key] = nil
        totalCost -= entries[slot].cost
        entries[slot].value = nil
        entries[slot].cost = 0
        emptied.append(slot)
    }

    private mutating func moveToNewest(_ slot: Int) {
        guard newest != slot else { return }
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (entries[slot].newer, entries[slot].older)
        if let newer { entries[newer].older = older } else { newest = older }
        if let older { entries[older].newer = newer } else { oldest = newer }
        entries[slot].newer = nil
        entries[slot].older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        entries[slot].older = newest
        if let newest { entries[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
