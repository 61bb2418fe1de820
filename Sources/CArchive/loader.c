#include "cloader.h"
#include "carchive.h"
#include "library.h"

struct carchive_library libarchive;

static const struct cloader_symbol symbols[] = {
#define CARCHIVE_SYMBOL(name) CLOADER_SYMBOL(libarchive, name)
    CARCHIVE_FUNCTIONS(CARCHIVE_SYMBOL)
#undef CARCHIVE_SYMBOL
};

/// libarchive's soname, stable since 3.0; its own dependencies come with it.
static struct cloader_library library = CLOADER_LIBRARY("libarchive.so.13", symbols, NULL);

const char *carchive_load(void) {
    return cloader_load(&library);
}
