#include <stdio.h>

#include "cloader.h"
#include "library.h"
#include "ccurl.h"

struct ccurl_library libcurl;

static const struct cloader_symbol symbols[] = {
#define CCURL_SYMBOL(name) CLOADER_SYMBOL(libcurl, name)
    CCURL_FUNCTIONS(CCURL_SYMBOL)
#undef CCURL_SYMBOL
};

/// Why curl_global_init failed; empty when it worked. Written once, under the loader's lock.
static char global_init_failure[128];

/// libcurl's one-time global set-up, which must precede any handle and is not thread-safe: run by
/// CLoader once, after the symbols resolved and before any caller sees the library.
static void initialise(void) {
    CURLcode code = libcurl.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(global_init_failure, sizeof global_init_failure, "curl_global_init failed: %s",
                 libcurl.curl_easy_strerror(code));
    }
}

/// libcurl's soname, stable since 7.16 (2006). Debian's libcurl4 is the OpenSSL build; its TLS,
/// Kerberos, LDAP and SSH libraries come with it, mapped only from then on.
static struct cloader_library library = CLOADER_LIBRARY("libcurl.so.4", symbols, initialise);

const char *ccurl_load(void) {
    const char *failure = cloader_load(&library);
    if (failure != NULL) return failure;
    return global_init_failure[0] == '\0' ? NULL : global_init_failure;
}
