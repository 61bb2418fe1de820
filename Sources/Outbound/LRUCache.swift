/// A bounded map that forgets the least recently used entry first; O(1) reads and writes.
///
/// Entries live in an array linked newest-to-oldest by index, so a full cache reuses the
/// oldest entry's slot instead of allocating.
public struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var key: Key
        var value: Value
        var newer: Int?
        var older: Int?
    }

    public let capacity: Int
    private var entries: [Entry] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    public var count: Int { slots.count }

    /// The value for `key`, which becomes the most recently used.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToNewest(slot)
        return entries[slot].value
    }

    /// Stores `value` as the most recently used; when full, the least recently used entry goes.
    public mutating func set(_ value: Value, for key: Key) {
        if let slot = slots[key] {
            entries[slot].value = value
            moveToNewest(slot)
            return
        }
        guard capacity > 0 else { return }
        let slot: Int
        if entries.count < capacity {
            slot = entries.count
            entries.append(Entry(key: key, value: value))
        } else if let victim = oldest {
            // Full: the oldest entry's slot is recycled for the new one.
            slot = victim
            unlink(slot)
            slots[entries[slot].key] = nil
            entries[slot] = Entry(key: key, value: value)
        } else {
            return
        }
        slots[key] = slot
        linkAsNewest(slot)
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
