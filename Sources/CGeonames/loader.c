#include <sys/stat.h>

#include "cgeonames.h"
#include "cloader.h"
#include "library.h"

struct cgeonames_library libgeonames;

static const struct cloader_symbol symbols[] = {
#define CGEONAMES_SYMBOL(name) CLOADER_SYMBOL(libgeonames, name)
    CGEONAMES_FUNCTIONS(CGEONAMES_SYMBOL)
#undef CGEONAMES_SYMBOL
};

#define CGEONAMES_SONAME "libgeonames.so.0"

static struct cloader_library library = CLOADER_LIBRARY(CGEONAMES_SONAME, symbols, NULL);

const char *cgeonames_load(void) {
    return cloader_load(&library);
}

const char *cgeonames_library_path(void) {
    // CGEONAMES_LIBDIR is pkg-config's libdir for geonames at build time (Package.swift).
    static const char path[] = CGEONAMES_LIBDIR "/" CGEONAMES_SONAME;
    struct stat status;
    return stat(path, &status) == 0 ? path : NULL;
}
