#ifndef CLOADER_H
#define CLOADER_H

// What the C targets that wrap a library loaded at its first use (CVips, CHTMLMeta, CArchive)
// share: the library is opened with dlopen, never linked (linked, it would map its dependencies
// into every idle server), and a table of its functions is filled by name with dlsym, once. Each
// target keeps its soname, its table and the list of names that fills it.

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

/// One symbol to resolve: its name, and the member of a target's table its address goes to.
struct cloader_symbol {
    const char *name;
    void *slot;
};

/// The symbol `name` resolved into `table.name`; an X-macro's entry, as in
/// `#define SYMBOL(name) CLOADER_SYMBOL(libvips, name)`.
#define CLOADER_SYMBOL(table, name) {#name, &(table).name},

/// A library loaded at most once: a static made with CLOADER_LIBRARY, read and written only by
/// cloader_load.
struct cloader_library {
    const char *soname;
    const struct cloader_symbol *symbols;
    size_t symbol_count;
    /// Runs once after every symbol resolved, before any caller sees the library; may be NULL.
    void (*loaded)(void);
    pthread_mutex_t lock;
    atomic_bool attempted;
    /// Empty after a successful load, else the reason it failed.
    char failure[512];
};

/// A library `soname` whose table `symbols` (an array of struct cloader_symbol) fills.
#define CLOADER_LIBRARY(soname, symbols, loaded) \
    {(soname), (symbols), sizeof(symbols) / sizeof((symbols)[0]), (loaded), PTHREAD_MUTEX_INITIALIZER, false, ""}

/// Opens the library and resolves its symbols on the first call; NULL when that worked, else why
/// not (dlerror's text), the same answer on every call.
const char *cloader_load(struct cloader_library *library);

#endif
