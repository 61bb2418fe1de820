#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift does not import: one typed
// wrapper per kind of argument the options take.

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// libcurl copies string options, so `value` only has to live during the call.
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_write_function(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode ccurl_setopt_opensocket_function(CURL *handle, curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode ccurl_setopt_xferinfo_function(CURL *handle, curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// The string stays owned by the handle: copy it before `curl_easy_cleanup`.
static inline CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// CURL_SOCKET_BAD is a macro Swift may not see as a value of the right type.
static inline curl_socket_t ccurl_socket_bad(void) {
    return CURL_SOCKET_BAD;
}

/// The header after `previous` (NULL: the first) of the last response, redirects excluded; NULL
/// after the last. Wraps curl_easy_nextheader so that Swift need not see the CURLH_ flag macros.
static inline struct curl_header *ccurl_next_response_header(CURL *handle, struct curl_header *previous) {
    return curl_easy_nextheader(handle, CURLH_HEADER, -1, previous);
}

static inline CURLcode ccurl_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
