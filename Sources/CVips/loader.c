#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "library.h"
#include "cvips.h"

/// libvips' soname, stable across 8.x; its own dependencies (glib, gobject,
/// the codecs) come with it.
static const char library_name[] = "libvips.so.42";

struct cvips_library libvips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/// Empty after a successful load, else the reason it failed.
static char load_failure[512];

static void load(void) {
    // RTLD_NOW reports an unresolvable symbol here rather than at some later
    // call. RTLD_LOCAL is enough: the codec modules libvips loads itself
    // (vips-heif.so…) list libvips.so.42 as a dependency and find it there.
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_failure, sizeof load_failure, "%s", dlerror());
        return;
    }
    // dlsym on the handle also searches libvips' dependencies, which is where
    // the g_ functions are.
#define CVIPS_RESOLVE(name) \
    libvips.name = (__typeof__(libvips.name))dlsym(handle, #name); \
    if (libvips.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s", dlerror()); \
        return; \
    }
    CVIPS_FUNCTIONS(CVIPS_RESOLVE)
#undef CVIPS_RESOLVE
}

const char *cvips_load(void) {
    pthread_once(&load_once, load);
    return load_failure[0] == '\0' ? NULL : load_failure;
}
