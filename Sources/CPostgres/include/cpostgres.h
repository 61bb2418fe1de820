#ifndef CPOSTGRES_H
#define CPOSTGRES_H

#include <stdbool.h>
#include <stddef.h>

// What the PostgreSQL module sees of libpq. libpq is not linked: it is loaded with dlopen at the
// first connection (see loader.c), because only a server given a postgresql:// URL needs it, and an
// embedded SQLite server should not map it, nor its TLS, Kerberos and LDAP libraries. This header is
// therefore self-contained: libpq's own header is seen only by this target's C files, so Swift
// cannot call a PQ function past the loader by mistake.
//
// Every function except cpostgres_load may be called only after cpostgres_load has succeeded.

/// libpq's connection and result, opaque to Swift (the same typedefs as libpq-fe.h).
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

/// ExecStatusType's values this target tells apart (checked against libpq's header in calls.c).
typedef enum CPostgresResultStatus {
    CPOSTGRES_EMPTY_QUERY = 0,
    CPOSTGRES_COMMAND_OK = 1,
    CPOSTGRES_TUPLES_OK = 2,
    CPOSTGRES_BAD_RESPONSE = 5,
    CPOSTGRES_NONFATAL_ERROR = 6,
    CPOSTGRES_FATAL_ERROR = 7,
} CPostgresResultStatus;

/// PGTransactionStatusType (checked against libpq's header in calls.c).
typedef enum CPostgresTransactionStatus {
    CPOSTGRES_TRANSACTION_IDLE = 0,
    CPOSTGRES_TRANSACTION_ACTIVE = 1,
    CPOSTGRES_TRANSACTION_IN_TRANSACTION = 2,
    CPOSTGRES_TRANSACTION_IN_ERROR = 3,
    CPOSTGRES_TRANSACTION_UNKNOWN = 4,
} CPostgresTransactionStatus;

/// The fields of a server error this target reads (PG_DIAG_*, checked in calls.c).
typedef enum CPostgresErrorField {
    CPOSTGRES_FIELD_SQLSTATE = 'C',
    CPOSTGRES_FIELD_MESSAGE = 'M',
    CPOSTGRES_FIELD_DETAIL = 'D',
    CPOSTGRES_FIELD_HINT = 'H',
} CPostgresErrorField;

/// Loads libpq and every function this target calls, once per process (later calls answer the
/// first call's outcome). NULL on success, else why it failed: dlerror's text, naming the missing
/// library or symbol.
const char *cpostgres_load(void);

/// Whether `url` is a connection string or URI libpq can read; when not, `reason` is libpq's
/// reason, to be freed with cpostgres_free (NULL when out of memory). Connects to nothing.
bool cpostgres_check_url(const char *url, char **reason);

/// The value `url` gives `keyword` (e.g. "host"), as libpq reads it, without the defaults libpq
/// would fill in; NULL when it gives none or cannot be read. To be freed with free().
char *cpostgres_url_value(const char *url, const char *keyword);

/// Connects, blocking until the server answered or `connect_timeout` ran out: the URL's own, or
/// `default_connect_timeout` seconds when it has none. Always returns a connection (NULL only when
/// out of memory); whether it is usable is cpostgres_is_connected's answer. The client encoding is
/// UTF-8 whatever the URL says, and the server's notices are dropped rather than printed.
PGconn *cpostgres_connect(const char *url, const char *fallback_application_name, int default_connect_timeout);
bool cpostgres_is_connected(const PGconn *connection);
/// Reads what the server sent while the connection sat idle, without waiting: a backend that was
/// terminated sent a last error and closed its socket, which this notices. False when the
/// connection is (now) broken.
bool cpostgres_poll_alive(PGconn *connection);
/// The connection's last error text, owned by the connection.
const char *cpostgres_connection_error(const PGconn *connection);
CPostgresTransactionStatus cpostgres_transaction_status(const PGconn *connection);
int cpostgres_backend_pid(const PGconn *connection);
void cpostgres_finish(PGconn *connection);

// Running SQL. Each returns a result to free with cpostgres_clear, or NULL when libpq could not
// even make one (out of memory, or the connection is gone): cpostgres_connection_error says why.

/// One or more `;`-separated statements without parameters (the simple query protocol); the
/// result is the last statement's.
PGresult *cpostgres_exec(PGconn *connection, const char *sql);
/// Prepares `sql` as the named statement `name`, the number and types of its parameters left for
/// the server to infer from the SQL.
PGresult *cpostgres_prepare(PGconn *connection, const char *name, const char *sql);
/// Runs the prepared statement `name`. `values[i]` is NULL for SQL NULL; `formats[i]` is 0 for a
/// text value (NUL-terminated) and 1 for binary bytes of `lengths[i]`. Results come as text.
PGresult *cpostgres_exec_prepared(PGconn *connection, const char *name, int parameter_count,
                                  const char *const *values, const int *lengths, const int *formats);
/// Sends `openings[0..<opening_count]` (statements without parameters, such as `BEGIN` or `SET
/// LOCAL`), the prepared statements `names[0..<count]`, each with its values as
/// cpostgres_exec_prepared takes them, and then `closing` unless it is NULL (a statement without
/// parameters, such as `COMMIT`), all at once, answered in one round trip (libpq's pipeline
/// mode). `opening_results[i]` gets each opening's result, `results[i]` each statement's and
/// `closing_result` the closing's; after one that failed (or when the connection failed) the rest
/// are NULL, since the server skipped them. False when they could not be sent:
/// cpostgres_connection_error says why.
bool cpostgres_exec_pipeline(PGconn *connection, int opening_count, const char *const *openings,
                             PGresult **opening_results, int count, const char *const *names,
                             const int *parameter_counts, const char *const *const *values,
                             const int *const *lengths, const int *const *formats, PGresult **results,
                             const char *closing, PGresult **closing_result);

/// Sends `sql` (one statement without parameters) and returns at once, without its answer, which
/// cpostgres_await_result reads; until then the connection takes no other command. False when it
/// could not be sent.
bool cpostgres_send(PGconn *connection, const char *sql);
/// The answer to what cpostgres_send sent, waiting for it if it has not come yet; NULL when the
/// connection failed.
PGresult *cpostgres_await_result(PGconn *connection);

// Reading a result.
CPostgresResultStatus cpostgres_result_status(const PGresult *result);
/// A field of the result's error, owned by the result; NULL when the error has none.
const char *cpostgres_result_error_field(const PGresult *result, CPostgresErrorField field);
/// The result's whole error text, owned by the result; empty when it is no error.
const char *cpostgres_result_error_message(const PGresult *result);
int cpostgres_row_count(const PGresult *result);
int cpostgres_column_count(const PGresult *result);
const char *cpostgres_column_name(const PGresult *result, int column);
/// The column's type OID, e.g. 23 for int4, 17 for bytea.
unsigned int cpostgres_column_type(const PGresult *result, int column);
/// A value as text (NUL-terminated), owned by the result; empty for NULL.
const char *cpostgres_value(const PGresult *result, int row, int column);
int cpostgres_value_length(const PGresult *result, int row, int column);
bool cpostgres_value_is_null(const PGresult *result, int row, int column);
/// Rows an INSERT, UPDATE, DELETE, MERGE, SELECT… affected, as text; empty for other commands.
const char *cpostgres_affected_rows(PGresult *result);
void cpostgres_clear(PGresult *result);

/// A bytea value's text form (hex, or the older escape format) as bytes, to be freed with
/// cpostgres_free; NULL when out of memory.
unsigned char *cpostgres_unescape_bytea(const char *text, size_t *length);
/// PQfreemem, for what libpq allocated.
void cpostgres_free(void *memory);

#endif
