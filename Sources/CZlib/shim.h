#include <zlib.h>

// inflateInit2 and deflateInit2 are macros passing the header's version and struct size; Swift imports no macros.
static inline int wishlist_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

static inline int wishlist_deflate_init2(z_stream *stream, int level, int window_bits, int memory_level) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits, memory_level, Z_DEFAULT_STRATEGY);
}
