#ifndef CCURL_LIBRARY_H
#define CCURL_LIBRARY_H

// libcurl's header gives this target its types and the exact prototype of every function it calls;
// no libcurl symbol is linked. The functions are reached through `libcurl`, a table that loader.c
// fills with dlsym at the first transfer.

// Without this, curl.h makes curl_easy_setopt and curl_easy_getinfo function-like macros (its type
// checks), which would rewrite the calls through the table below.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

/// Every libcurl function this target calls, once. Adding a call means adding its name here: the
/// table's member gets the header's prototype and loader.c resolves it by name.
#define CCURL_FUNCTIONS(X) \
    X(curl_global_init) \
    X(curl_easy_init) \
    X(curl_easy_cleanup) \
    X(curl_easy_setopt) \
    X(curl_easy_getinfo) \
    X(curl_easy_perform) \
    X(curl_easy_strerror) \
    X(curl_easy_nextheader) \
    X(curl_slist_append) \
    X(curl_slist_free_all)

/// Pointers to the loaded functions, each typed as the header declares it.
struct ccurl_library {
#define CCURL_MEMBER(name) __typeof__(name) *name;
    CCURL_FUNCTIONS(CCURL_MEMBER)
#undef CCURL_MEMBER
};

/// Filled by ccurl_load; only read after it succeeded.
extern struct ccurl_library libcurl;

#endif
