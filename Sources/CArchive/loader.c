#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "carchive.h"
#include "library.h"

/// libarchive's soname, stable since 3.0; its own dependencies come with it.
static const char library_name[] = "libarchive.so.13";

struct carchive_library libarchive;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
/// Empty after a successful load, else the reason it failed.
static char load_failure[512];

static void load(void) {
    // RTLD_NOW reports an unresolvable symbol here rather than at some later call.
    void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(load_failure, sizeof load_failure, "%s", dlerror());
        return;
    }
#define CARCHIVE_RESOLVE(name) \
    libarchive.name = (__typeof__(libarchive.name))dlsym(handle, #name); \
    if (libarchive.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s", dlerror()); \
        return; \
    }
    CARCHIVE_FUNCTIONS(CARCHIVE_RESOLVE)
#undef CARCHIVE_RESOLVE
}

const char *carchive_load(void) {
    pthread_once(&load_once, load);
    return load_failure[0] == '\0' ? NULL : load_failure;
}
