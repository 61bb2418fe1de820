#include "cloader.h"
#include "library.h"
#include "cpostgres.h"

struct cpostgres_library libpq;

static const struct cloader_symbol symbols[] = {
#define CPOSTGRES_SYMBOL(name) CLOADER_SYMBOL(libpq, name)
    CPOSTGRES_FUNCTIONS(CPOSTGRES_SYMBOL)
#undef CPOSTGRES_SYMBOL
};

/// libpq's soname, stable since PostgreSQL 8.0: a newer libpq5 talks to older servers and the
/// reverse. Its own dependencies (libssl, GSSAPI, LDAP) come with it; a process that links libcurl
/// has most of them mapped already.
static struct cloader_library library = CLOADER_LIBRARY("libpq.so.5", symbols, NULL);

const char *cpostgres_load(void) {
    return cloader_load(&library);
}
