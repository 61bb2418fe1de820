import Foundation

extension Array where Element == UInt8 {
    /// The first position of `needle`; memchr finds candidates, so long bodies scan quickly.
    func firstIndex(of needle: [UInt8]) -> Int? {
        guard let first = needle.first, count >= needle.count else { return nil }
        return withUnsafeBufferPointer { haystack -> Int? in
            needle.withUnsafeBufferPointer { pattern -> Int? in
                let base = haystack.baseAddress!
                var start = 0
                let lastStart = haystack.count - pattern.count
                while start <= lastStart {
                    guard let hit = memchr(base + start, Int32(first), lastStart - start + 1) else { return nil }
                    let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + position, pattern.baseAddress!, pattern.count) == 0 { return position }
                    start = position + 1
                }
                return nil
            }
        }
    }
}
