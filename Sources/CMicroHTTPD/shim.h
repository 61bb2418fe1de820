#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* Swift cannot call C variadic functions, so the few variadic libmicrohttpd
   entry points the server needs are wrapped here with fixed parameters. */

typedef void *(*WLURILogCallback)(void *cls, const char *uri, struct MHD_Connection *connection);

/* Starts a daemon on an already bound and listening socket, so that binding
   errors (address in use) are reported by the caller with errno intact. */
static inline struct MHD_Daemon *
wl_start_daemon(unsigned int flags,
                int listen_fd,
                MHD_AccessHandlerCallback handler,
                MHD_RequestCompletedCallback completed,
                WLURILogCallback uri_logger,
                void *context,
                unsigned int connection_timeout,
                unsigned int connection_limit,
                unsigned int per_address_connection_limit,
                size_t connection_memory_limit,
                unsigned int thread_pool_size)
{
  struct MHD_OptionItem options[] = {
    { MHD_OPTION_LISTEN_SOCKET, listen_fd, NULL },
    { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed, context },
    { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) uri_logger, context },
    { MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout, NULL },
    { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t) connection_memory_limit, NULL },
    { MHD_OPTION_CONNECTION_LIMIT, connection_limit, NULL },
    /* 0: no limit. The daemon keeps the count across its thread pool. */
    { MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_connection_limit, NULL },
    { MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size, NULL },
    { MHD_OPTION_END, 0, NULL }
  };
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* Writes the client's IP address as text into buffer; returns 0 on success. */
static inline int
wl_client_address(struct MHD_Connection *connection, char *buffer, socklen_t length)
{
  const union MHD_ConnectionInfo *info =
    MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (NULL == info || NULL == info->client_addr)
    return -1;
  const struct sockaddr *address = info->client_addr;
  const void *raw = NULL;
  if (AF_INET == address->sa_family)
    raw = &((const struct sockaddr_in *) address)->sin_addr;
  else if (AF_INET6 == address->sa_family)
    raw = &((const struct sockaddr_in6 *) address)->sin6_addr;
  else
    return -1;
  return NULL == inet_ntop(address->sa_family, raw, buffer, length) ? -1 : 0;
}
