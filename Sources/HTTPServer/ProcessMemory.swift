import CMalloc

/// How a long-running server keeps its memory small, on glibc: what a one-time job at start-up
/// freed is returned before the server goes idle.
public enum ProcessMemory {
    /// Gives free heap pages back to the system, e.g. after a bulk job at start-up.
    public static func releaseFreePages() {
        #if os(Linux)
        _ = malloc_trim(0)
        #endif
    }
}
