#include "cloader.h"
#include "library.h"
#include "cvips.h"

struct cvips_library libvips;

// dlsym on libvips' handle also searches its dependencies, which is where the g_ functions are.
static const struct cloader_symbol symbols[] = {
#define CVIPS_SYMBOL(name) CLOADER_SYMBOL(libvips, name)
    CVIPS_FUNCTIONS(CVIPS_SYMBOL)
#undef CVIPS_SYMBOL
};

/// libvips' soname, stable across 8.x; its own dependencies (glib, gobject, the codecs) come with
/// it. Opened RTLD_LOCAL, which is enough: the codec modules libvips loads itself (vips-heif.so…)
/// list libvips.so.42 as a dependency and find it there.
static struct cloader_library library = CLOADER_LIBRARY("libvips.so.42", symbols, NULL);

const char *cvips_load(void) {
    return cloader_load(&library);
}
