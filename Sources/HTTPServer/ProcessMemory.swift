import CMalloc
import Foundation

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

    /// Unmaps the pages of files that start-up read and an idle server does not need: the code
    /// and read-only data of the binary and of its libraries. Start-up runs code from every part of
    /// them (the Swift runtime, Foundation and ICU, the TLS libraries' initialisers, the router's
    /// construction, the migrations, the place index), and the kernel maps each page read together
    /// with its neighbours (64 KB at a time): 33 of an idle server's 47 MB resident were such pages.
    /// They stay in the page cache, so code that runs again is mapped again at the cost of a minor
    /// fault, not a read, and those no one maps are the first the kernel may reclaim. Only mappings
    /// that cannot be written and hold no page of the process's own (the RELRO parts hold relocated
    /// pointers) are dropped, so nothing of the process's state can be lost. Returns the bytes that
    /// were mapped; 0 off Linux.
    @discardableResult
    public static func releaseStartupPages() -> Int {
        #if os(Linux)
            // Read to its end through a handle: String(contentsOfFile:) stops early on /proc files,
            // which say they are empty.
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return 0 }
            defer { try? handle.close() }
            guard let contents = try? handle.readToEnd() else { return 0 }
            var released = 0
            for mapping in FileMapping.all(in: String(decoding: contents, as: UTF8.self)) where mapping.canBeDropped {
                guard let start = UnsafeMutableRawPointer(bitPattern: mapping.start),
                    madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0
                else { continue }
                released += mapping.residentBytes
            }
            return released
        #else
            return 0
        #endif
    }
}
