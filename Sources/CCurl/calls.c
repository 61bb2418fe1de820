#include "library.h"
#include "ccurl.h"

#include <stddef.h>

// The wrappers the Outbound and HTTPClient modules call, each through the table loader.c filled. They are named
// ccurl_, never curl_: the release executable exports its C functions, so a function of ours named
// like libcurl's would take its place in libcurl's own calls.

_Static_assert((int)CCURL_OK == (int)CURLE_OK, "CURLcode changed");
_Static_assert((int)CCURL_UNSUPPORTED_PROTOCOL == (int)CURLE_UNSUPPORTED_PROTOCOL, "CURLcode changed");
_Static_assert((int)CCURL_URL_MALFORMAT == (int)CURLE_URL_MALFORMAT, "CURLcode changed");
_Static_assert((int)CCURL_OPERATION_TIMEDOUT == (int)CURLE_OPERATION_TIMEDOUT, "CURLcode changed");
_Static_assert((int)CCURL_ABORTED_BY_CALLBACK == (int)CURLE_ABORTED_BY_CALLBACK, "CURLcode changed");
_Static_assert((int)CCURL_TOO_MANY_REDIRECTS == (int)CURLE_TOO_MANY_REDIRECTS, "CURLcode changed");
_Static_assert((int)CCURL_FILESIZE_EXCEEDED == (int)CURLE_FILESIZE_EXCEEDED, "CURLcode changed");
_Static_assert((int)CCURL_COULDNT_RESOLVE_HOST == (int)CURLE_COULDNT_RESOLVE_HOST, "CURLcode changed");
_Static_assert((int)CCURL_COULDNT_CONNECT == (int)CURLE_COULDNT_CONNECT, "CURLcode changed");
_Static_assert((int)CCURL_WEIRD_SERVER_REPLY == (int)CURLE_WEIRD_SERVER_REPLY, "CURLcode changed");
_Static_assert((int)CCURL_PARTIAL_FILE == (int)CURLE_PARTIAL_FILE, "CURLcode changed");
_Static_assert((int)CCURL_GOT_NOTHING == (int)CURLE_GOT_NOTHING, "CURLcode changed");
_Static_assert((int)CCURL_SEND_ERROR == (int)CURLE_SEND_ERROR, "CURLcode changed");
_Static_assert((int)CCURL_RECV_ERROR == (int)CURLE_RECV_ERROR, "CURLcode changed");

_Static_assert((int)CCURL_OPT_WRITEDATA == (int)CURLOPT_WRITEDATA, "CURLoption changed");
_Static_assert((int)CCURL_OPT_URL == (int)CURLOPT_URL, "CURLoption changed");
_Static_assert((int)CCURL_OPT_PROXY == (int)CURLOPT_PROXY, "CURLoption changed");
_Static_assert((int)CCURL_OPT_ERRORBUFFER == (int)CURLOPT_ERRORBUFFER, "CURLoption changed");
_Static_assert((int)CCURL_OPT_USERAGENT == (int)CURLOPT_USERAGENT, "CURLoption changed");
_Static_assert((int)CCURL_OPT_HTTPHEADER == (int)CURLOPT_HTTPHEADER, "CURLoption changed");
_Static_assert((int)CCURL_OPT_NOPROGRESS == (int)CURLOPT_NOPROGRESS, "CURLoption changed");
_Static_assert((int)CCURL_OPT_FOLLOWLOCATION == (int)CURLOPT_FOLLOWLOCATION, "CURLoption changed");
_Static_assert((int)CCURL_OPT_XFERINFODATA == (int)CURLOPT_XFERINFODATA, "CURLoption changed");
_Static_assert((int)CCURL_OPT_MAXREDIRS == (int)CURLOPT_MAXREDIRS, "CURLoption changed");
_Static_assert((int)CCURL_OPT_NOSIGNAL == (int)CURLOPT_NOSIGNAL, "CURLoption changed");
_Static_assert((int)CCURL_OPT_ACCEPT_ENCODING == (int)CURLOPT_ACCEPT_ENCODING, "CURLoption changed");
_Static_assert((int)CCURL_OPT_MAXFILESIZE_LARGE == (int)CURLOPT_MAXFILESIZE_LARGE, "CURLoption changed");
_Static_assert((int)CCURL_OPT_TIMEOUT_MS == (int)CURLOPT_TIMEOUT_MS, "CURLoption changed");
_Static_assert((int)CCURL_OPT_OPENSOCKETDATA == (int)CURLOPT_OPENSOCKETDATA, "CURLoption changed");
_Static_assert((int)CCURL_OPT_PROTOCOLS_STR == (int)CURLOPT_PROTOCOLS_STR, "CURLoption changed");
_Static_assert((int)CCURL_OPT_REDIR_PROTOCOLS_STR == (int)CURLOPT_REDIR_PROTOCOLS_STR, "CURLoption changed");
_Static_assert((int)CCURL_OPT_READDATA == (int)CURLOPT_READDATA, "CURLoption changed");
_Static_assert((int)CCURL_OPT_LOW_SPEED_LIMIT == (int)CURLOPT_LOW_SPEED_LIMIT, "CURLoption changed");
_Static_assert((int)CCURL_OPT_LOW_SPEED_TIME == (int)CURLOPT_LOW_SPEED_TIME, "CURLoption changed");
_Static_assert((int)CCURL_OPT_CUSTOMREQUEST == (int)CURLOPT_CUSTOMREQUEST, "CURLoption changed");
_Static_assert((int)CCURL_OPT_NOBODY == (int)CURLOPT_NOBODY, "CURLoption changed");
_Static_assert((int)CCURL_OPT_UPLOAD == (int)CURLOPT_UPLOAD, "CURLoption changed");
_Static_assert((int)CCURL_OPT_INFILESIZE_LARGE == (int)CURLOPT_INFILESIZE_LARGE, "CURLoption changed");
_Static_assert((int)CCURL_OPT_CONNECTTIMEOUT_MS == (int)CURLOPT_CONNECTTIMEOUT_MS, "CURLoption changed");
_Static_assert((int)CCURL_OPT_USERNAME == (int)CURLOPT_USERNAME, "CURLoption changed");
_Static_assert((int)CCURL_OPT_PASSWORD == (int)CURLOPT_PASSWORD, "CURLoption changed");
_Static_assert((int)CCURL_OPT_AWS_SIGV4 == (int)CURLOPT_AWS_SIGV4, "CURLoption changed");

_Static_assert((int)CCURL_INFO_EFFECTIVE_URL == (int)CURLINFO_EFFECTIVE_URL, "CURLINFO changed");
_Static_assert((int)CCURL_INFO_CONTENT_TYPE == (int)CURLINFO_CONTENT_TYPE, "CURLINFO changed");
_Static_assert((int)CCURL_INFO_RESPONSE_CODE == (int)CURLINFO_RESPONSE_CODE, "CURLINFO changed");

_Static_assert(CCURL_ERROR_SIZE == CURL_ERROR_SIZE, "CURL_ERROR_SIZE changed");
_Static_assert(CCURL_SOCKET_BAD == CURL_SOCKET_BAD, "CURL_SOCKET_BAD changed");
_Static_assert(CCURL_READFUNC_ABORT == CURL_READFUNC_ABORT, "CURL_READFUNC_ABORT changed");
_Static_assert(sizeof(curl_socket_t) == sizeof(int), "curl_socket_t is not an int");
_Static_assert(sizeof(curl_off_t) == sizeof(int64_t), "curl_off_t is not 64 bits");
_Static_assert(sizeof(curlsocktype) == sizeof(int), "curlsocktype is not an int");
_Static_assert(sizeof(struct ccurl_sockaddr) == sizeof(struct curl_sockaddr), "struct curl_sockaddr changed");
_Static_assert(offsetof(struct ccurl_sockaddr, family) == offsetof(struct curl_sockaddr, family), "struct curl_sockaddr changed");
_Static_assert(offsetof(struct ccurl_sockaddr, socktype) == offsetof(struct curl_sockaddr, socktype), "struct curl_sockaddr changed");
_Static_assert(offsetof(struct ccurl_sockaddr, protocol) == offsetof(struct curl_sockaddr, protocol), "struct curl_sockaddr changed");
_Static_assert(offsetof(struct ccurl_sockaddr, addrlen) == offsetof(struct curl_sockaddr, addrlen), "struct curl_sockaddr changed");
_Static_assert(offsetof(struct ccurl_sockaddr, addr) == offsetof(struct curl_sockaddr, addr), "struct curl_sockaddr changed");

CURL *ccurl_easy_init(void) {
    return libcurl.curl_easy_init();
}

void ccurl_easy_cleanup(CURL *handle) {
    libcurl.curl_easy_cleanup(handle);
}

CCurlCode ccurl_easy_perform(CURL *handle) {
    return (CCurlCode)libcurl.curl_easy_perform(handle);
}

const char *ccurl_easy_strerror(CCurlCode code) {
    return libcurl.curl_easy_strerror((CURLcode)code);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *header) {
    return libcurl.curl_slist_append(list, header);
}

void ccurl_slist_free_all(struct curl_slist *list) {
    libcurl.curl_slist_free_all(list);
}

CCurlCode ccurl_setopt_long(CURL *handle, CCurlOption option, long value) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, (CURLoption)option, value);
}

CCurlCode ccurl_setopt_offset(CURL *handle, CCurlOption option, int64_t value) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, (CURLoption)option, (curl_off_t)value);
}

CCurlCode ccurl_setopt_string(CURL *handle, CCurlOption option, const char *value) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, (CURLoption)option, value);
}

CCurlCode ccurl_setopt_pointer(CURL *handle, CCurlOption option, void *value) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, (CURLoption)option, value);
}

CCurlCode ccurl_setopt_slist(CURL *handle, CCurlOption option, struct curl_slist *value) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, (CURLoption)option, value);
}

CCurlCode ccurl_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, (curl_write_callback)callback);
}

CCurlCode ccurl_setopt_read_function(CURL *handle, ccurl_read_callback callback) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, CURLOPT_READFUNCTION, (curl_read_callback)callback);
}

// The next two callbacks are declared in ccurl.h with this header's types in place of libcurl's,
// the same in size and layout (checked above), and handed over cast to libcurl's.

CCurlCode ccurl_setopt_xferinfo_function(CURL *handle, ccurl_progress_callback callback) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, (curl_xferinfo_callback)callback);
}

CCurlCode ccurl_setopt_opensocket_function(CURL *handle, ccurl_open_socket_callback callback) {
    return (CCurlCode)libcurl.curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, (curl_opensocket_callback)callback);
}

CCurlCode ccurl_getinfo_long(CURL *handle, CCurlInfo info, long *value) {
    return (CCurlCode)libcurl.curl_easy_getinfo(handle, (CURLINFO)info, value);
}

CCurlCode ccurl_getinfo_string(CURL *handle, CCurlInfo info, const char **value) {
    return (CCurlCode)libcurl.curl_easy_getinfo(handle, (CURLINFO)info, value);
}

struct curl_header *ccurl_next_response_header(CURL *handle, struct curl_header *previous) {
    return libcurl.curl_easy_nextheader(handle, CURLH_HEADER, -1, previous);
}

const char *ccurl_header_name(const struct curl_header *header) {
    return header->name;
}

const char *ccurl_header_value(const struct curl_header *header) {
    return header->value;
}
