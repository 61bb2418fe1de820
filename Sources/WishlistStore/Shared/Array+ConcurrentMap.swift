import Foundation

extension Array where Element: Sendable {
    /// `map` on every core: the array cut into one contiguous part per core, each mapped on a
    /// thread of its own, the results in the array's order. For a pure, CPU-bound transform of
    /// thousands of elements, such as reading a release of the K-culture spots, where the second
    /// core would otherwise idle; a short array is mapped on the calling thread.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        // Below a thousand elements a part, starting a thread costs more than it saves.
        let parts = Swift.min(ProcessInfo.processInfo.activeProcessorCount, count / 1_000)
        guard parts > 1 else { return map(transform) }
        var results = [[T]](repeating: [], count: parts)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each iteration writes only its own slot, and concurrentPerform returns after all have.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (count * part / parts)..<(count * (part + 1) / parts)
                slots[part] = self[range].map(transform)
            }
        }
        return [T](results.joined())
    }
}
