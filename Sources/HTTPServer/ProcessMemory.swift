import CMalloc

/// How a long-running server keeps its memory small, on glibc: what a one-time job at start-up
/// freed is returned before the server goes idle.
public enum ProcessMemory {
    /// Fixes glibc's thresholds for giving large blocks back, before any work (see
    /// `cmalloc_return_large_blocks_promptly`): the first start's spots import must not raise them.
    public static func returnLargeBlocksPromptly() {
        cmalloc_return_large_blocks_promptly()
    }

    /// Gives free heap pages back to the system, e.g. after a bulk job at start-up.
    public static func releaseFreePages() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
