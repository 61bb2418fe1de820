import CMalloc

/// How a long-running server keeps its memory small, on glibc: large temporary buffers (an
/// upload, a decompressed file, a big answer) go back to the system when freed, and what a
/// one-time job at start-up freed is returned before the server goes idle.
public enum ProcessMemory {
    /// Blocks of at least this size are mapped on their own and unmapped when freed.
    static let ownMappingThreshold: Int32 = 128 << 10

    /// Call once at start, before other threads: glibc otherwise raises the threshold above to
    /// the size of any large block freed, after which such blocks stay in the heap for good.
    public static func returnLargeBlocks() {
        #if os(Linux)
        _ = mallopt(M_MMAP_THRESHOLD, ownMappingThreshold)
        #endif
    }

    /// Gives free heap pages back to the system, e.g. after a bulk job at start-up.
    public static func releaseFreePages() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }
}
