// glibc's allocator controls (mallopt, malloc_trim), which the Glibc module does not import,
// and the one allocation policy the server and Imaging share.
#if defined(__linux__)
#include <malloc.h>
#endif

/// Makes glibc give large blocks back promptly: every allocation of 1 MB or more gets a mapping
/// of its own, so a freed decoded image goes straight back to the system, and a heap's free top
/// past 2 MB is returned. Left to itself glibc raises both thresholds after each large block freed
/// (up to 32 and 64 MB) and never lowers them, so blocks freed on many server threads stayed
/// resident in their heaps; and `malloc_trim` does not return a thread heap's top, so the first
/// start's spots import kept 10 MB idle and 30 MB more once eight uploads
/// had run. Process-wide; only big blocks are affected.
static inline void cmalloc_return_large_blocks_promptly(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_TRIM_THRESHOLD, 2 << 20);
#endif
}
