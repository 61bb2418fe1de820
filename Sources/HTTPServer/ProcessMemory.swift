import CMalloc

/// How a long-running server keeps its memory small, on glibc: what a one-time job at start-up
/// freed is returned before the server goes idle.
public enum ProcessMemory {
    /// Fixes glibc's thresholds for giving memory back, before any work: blocks of 1 MB or more
    /// get mappings of their own, and a heap's free top past 2 MB is returned. Left to itself glibc
    /// raises both after each large block freed (up to 32 and 64 MB) and never lowers them again,
    /// and `malloc_trim` does not return a thread heap's top: the first start's spots import,
    /// parsed on every core, kept 10 MB idle, and 30 MB more once eight uploads had run.
    public static func returnLargeBlocksPromptly() {
        #if os(Linux)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 2 << 20)
        #endif
    }

    /// Gives free heap pages back to the system, e.g. after a bulk job at start-up.
    public static func releaseFreePages() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }
}
