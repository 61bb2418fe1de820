#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

// What the Outbound and HTTPClient modules see of libcurl. libcurl is not linked: it is loaded with dlopen at the
// first transfer (see loader.c), because an idle server makes none, and linked it would map its
// TLS, Kerberos, LDAP and SSH libraries into every process. This header is therefore
// self-contained: libcurl's own header is seen only by this target's C files, so Swift cannot call a
// curl_ function past the loader by mistake.
//
// Every function except ccurl_load may be called only after ccurl_load has succeeded.

/// libcurl's easy handle, its header list and a response header, opaque to Swift (the same
/// typedef and tags as curl.h).
typedef void CURL;
struct curl_slist;
struct curl_header;

/// The CURLcode values told apart (checked against libcurl's header in calls.c).
typedef enum CCurlCode {
    CCURL_OK = 0,
    CCURL_UNSUPPORTED_PROTOCOL = 1,
    CCURL_URL_MALFORMAT = 3,
    CCURL_COULDNT_RESOLVE_HOST = 6,
    CCURL_COULDNT_CONNECT = 7,
    CCURL_WEIRD_SERVER_REPLY = 8,
    CCURL_PARTIAL_FILE = 18,
    CCURL_OPERATION_TIMEDOUT = 28,
    CCURL_ABORTED_BY_CALLBACK = 42,
    CCURL_TOO_MANY_REDIRECTS = 47,
    CCURL_GOT_NOTHING = 52,
    CCURL_SEND_ERROR = 55,
    CCURL_RECV_ERROR = 56,
    CCURL_FILESIZE_EXCEEDED = 63,
} CCurlCode;

/// The CURLoption values set (checked in calls.c), each with the setter of its kind.
typedef enum CCurlOption {
    CCURL_OPT_WRITEDATA = 10001,
    CCURL_OPT_URL = 10002,
    CCURL_OPT_PROXY = 10004,
    CCURL_OPT_ERRORBUFFER = 10010,
    CCURL_OPT_USERAGENT = 10018,
    CCURL_OPT_HTTPHEADER = 10023,
    CCURL_OPT_NOPROGRESS = 43,
    CCURL_OPT_FOLLOWLOCATION = 52,
    CCURL_OPT_XFERINFODATA = 10057,
    CCURL_OPT_MAXREDIRS = 68,
    CCURL_OPT_NOSIGNAL = 99,
    CCURL_OPT_ACCEPT_ENCODING = 10102,
    CCURL_OPT_MAXFILESIZE_LARGE = 30117,
    CCURL_OPT_TIMEOUT_MS = 155,
    CCURL_OPT_OPENSOCKETDATA = 10164,
    CCURL_OPT_PROTOCOLS_STR = 10318,
    CCURL_OPT_REDIR_PROTOCOLS_STR = 10319,
    CCURL_OPT_READDATA = 10009,
    CCURL_OPT_LOW_SPEED_LIMIT = 19,
    CCURL_OPT_LOW_SPEED_TIME = 20,
    CCURL_OPT_CUSTOMREQUEST = 10036,
    CCURL_OPT_NOBODY = 44,
    CCURL_OPT_UPLOAD = 46,
    CCURL_OPT_INFILESIZE_LARGE = 30115,
    CCURL_OPT_CONNECTTIMEOUT_MS = 156,
    CCURL_OPT_USERNAME = 10173,
    CCURL_OPT_PASSWORD = 10174,
    CCURL_OPT_AWS_SIGV4 = 10305,
} CCurlOption;

/// The CURLINFO values read (checked in calls.c).
typedef enum CCurlInfo {
    CCURL_INFO_EFFECTIVE_URL = 0x100001,
    CCURL_INFO_CONTENT_TYPE = 0x100012,
    CCURL_INFO_RESPONSE_CODE = 0x200002,
} CCurlInfo;

/// The size CCURL_OPT_ERRORBUFFER's buffer must have (CURL_ERROR_SIZE).
#define CCURL_ERROR_SIZE 256
/// What the open-socket callback returns to refuse an address (CURL_SOCKET_BAD).
#define CCURL_SOCKET_BAD (-1)

/// struct curl_sockaddr, field for field (checked in calls.c). libcurl stores the whole address from
/// `addr` on, 28 bytes for IPv6, though the field is a 16-byte sockaddr.
struct ccurl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};

/// curl_write_callback: returning fewer bytes than given stops the transfer.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);
/// curl_read_callback: fills `buffer` with at most size * count bytes and returns how many; 0 at the
/// end, CCURL_READFUNC_ABORT to stop the transfer.
typedef size_t (*ccurl_read_callback)(char *buffer, size_t size, size_t count, void *context);
/// What a read callback returns to stop the transfer (CURL_READFUNC_ABORT).
#define CCURL_READFUNC_ABORT 0x10000000
/// curl_xferinfo_callback (curl_off_t is 64 bits): non-zero stops the transfer.
typedef int (*ccurl_progress_callback)(void *context, int64_t download_total, int64_t downloaded,
                                       int64_t upload_total, int64_t uploaded);
/// curl_opensocket_callback: a socket for `address`, or CCURL_SOCKET_BAD.
typedef int (*ccurl_open_socket_callback)(void *context, int purpose, struct ccurl_sockaddr *address);

/// Loads libcurl and every function this target calls, and runs curl_global_init, once per process
/// (later calls answer the first call's outcome). NULL on success, else why it failed: dlerror's
/// text naming the missing library or symbol, or curl_global_init's error.
const char *ccurl_load(void);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
/// Runs the transfer to its end on the calling thread.
CCurlCode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CCurlCode code);

/// libcurl copies `header`; the list is freed with ccurl_slist_free_all.
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *header);
void ccurl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift does not import: one typed
// wrapper per kind of argument the options take.

CCurlCode ccurl_setopt_long(CURL *handle, CCurlOption option, long value);
CCurlCode ccurl_setopt_offset(CURL *handle, CCurlOption option, int64_t value);
/// libcurl copies string options, so `value` only has to live during the call.
CCurlCode ccurl_setopt_string(CURL *handle, CCurlOption option, const char *value);
CCurlCode ccurl_setopt_pointer(CURL *handle, CCurlOption option, void *value);
CCurlCode ccurl_setopt_slist(CURL *handle, CCurlOption option, struct curl_slist *value);
CCurlCode ccurl_setopt_write_function(CURL *handle, ccurl_write_callback callback);
CCurlCode ccurl_setopt_read_function(CURL *handle, ccurl_read_callback callback);
CCurlCode ccurl_setopt_xferinfo_function(CURL *handle, ccurl_progress_callback callback);
CCurlCode ccurl_setopt_opensocket_function(CURL *handle, ccurl_open_socket_callback callback);

CCurlCode ccurl_getinfo_long(CURL *handle, CCurlInfo info, long *value);
/// The string stays owned by the handle: copy it before ccurl_easy_cleanup.
CCurlCode ccurl_getinfo_string(CURL *handle, CCurlInfo info, const char **value);

/// The header after `previous` (NULL: the first) of the last response, redirects excluded; NULL
/// after the last.
struct curl_header *ccurl_next_response_header(CURL *handle, struct curl_header *previous);
/// A response header's name and value, owned by the handle.
const char *ccurl_header_name(const struct curl_header *header);
const char *ccurl_header_value(const struct curl_header *header);

#endif
