#include <zlib.h>

// inflateInit2 is a macro passing the header's version and struct size; Swift imports no macros.
static inline int wishlist_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}
