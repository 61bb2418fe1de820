#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "cloader.h"

static void open_library(struct cloader_library *library) {
    // RTLD_NOW reports an unresolvable symbol here rather than at some later call.
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(library->failure, sizeof library->failure, "%s", dlerror());
        return;
    }
    for (size_t index = 0; index < library->symbol_count; index++) {
        const struct cloader_symbol *symbol = &library->symbols[index];
        void *address = dlsym(handle, symbol->name);
        if (address == NULL) {
            const char *reason = dlerror();
            // A symbol whose value is NULL is no error to dlsym, but no function either.
            if (reason != NULL) snprintf(library->failure, sizeof library->failure, "%s", reason);
            else snprintf(library->failure, sizeof library->failure, "%s: %s is NULL", library->soname, symbol->name);
            return;
        }
        // The slot is a function (or variable) pointer; copied, not assigned through a void *.
        memcpy(symbol->slot, &address, sizeof address);
    }
    if (library->loaded != NULL) library->loaded();
}

const char *cloader_load(struct cloader_library *library) {
    // Checked without the lock once the load was tried: some libraries are asked at every call.
    if (!atomic_load_explicit(&library->attempted, memory_order_acquire)) {
        pthread_mutex_lock(&library->lock);
        if (!atomic_load_explicit(&library->attempted, memory_order_relaxed)) {
            open_library(library);
            atomic_store_explicit(&library->attempted, true, memory_order_release);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return library->failure[0] == '\0' ? NULL : library->failure;
}
