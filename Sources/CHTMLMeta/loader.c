#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "library.h"

/// libxml2's soname, stable since 2.0; its own dependencies come with it.
static const char library_name[] = "libxml2.so.2";

struct chtml_library libxml;

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
#define CHTML_RESOLVE(name) \
    libxml.name = (__typeof__(libxml.name))dlsym(handle, #name); \
    if (libxml.name == NULL) { \
        snprintf(load_failure, sizeof load_failure, "%s", dlerror()); \
        return; \
    }
    CHTML_FUNCTIONS(CHTML_RESOLVE)
    CHTML_RESOLVE(xmlFree)
#undef CHTML_RESOLVE
    // libxml2 wants its global state set up once, before any thread parses.
    libxml.xmlInitParser();
}

const char *chtml_load(void) {
    pthread_once(&load_once, load);
    return load_failure[0] == '\0' ? NULL : load_failure;
}
