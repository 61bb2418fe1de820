// glibc's allocator controls (mallopt, malloc_trim), which the Glibc module does not import.
#if defined(__linux__)
#include <malloc.h>
#endif
