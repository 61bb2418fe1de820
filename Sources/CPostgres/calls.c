#include "library.h"
#include "cpostgres.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The wrappers the PostgreSQL module calls, each through the table loader.c filled. They are named
// cpostgres_, never PQ…: the release executable exports its C functions, so a function of ours named
// like libpq's would take its place in libpq's own calls.

_Static_assert((int)CPOSTGRES_EMPTY_QUERY == (int)PGRES_EMPTY_QUERY, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_COMMAND_OK == (int)PGRES_COMMAND_OK, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_TUPLES_OK == (int)PGRES_TUPLES_OK, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_BAD_RESPONSE == (int)PGRES_BAD_RESPONSE, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_NONFATAL_ERROR == (int)PGRES_NONFATAL_ERROR, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_FATAL_ERROR == (int)PGRES_FATAL_ERROR, "ExecStatusType changed");
_Static_assert((int)CPOSTGRES_TRANSACTION_IDLE == (int)PQTRANS_IDLE, "PGTransactionStatusType changed");
_Static_assert((int)CPOSTGRES_TRANSACTION_ACTIVE == (int)PQTRANS_ACTIVE, "PGTransactionStatusType changed");
_Static_assert((int)CPOSTGRES_TRANSACTION_IN_TRANSACTION == (int)PQTRANS_INTRANS, "PGTransactionStatusType changed");
_Static_assert((int)CPOSTGRES_TRANSACTION_IN_ERROR == (int)PQTRANS_INERROR, "PGTransactionStatusType changed");
_Static_assert((int)CPOSTGRES_TRANSACTION_UNKNOWN == (int)PQTRANS_UNKNOWN, "PGTransactionStatusType changed");
_Static_assert((int)CPOSTGRES_FIELD_SQLSTATE == PG_DIAG_SQLSTATE, "PG_DIAG_SQLSTATE changed");
_Static_assert((int)CPOSTGRES_FIELD_MESSAGE == PG_DIAG_MESSAGE_PRIMARY, "PG_DIAG_MESSAGE_PRIMARY changed");
_Static_assert((int)CPOSTGRES_FIELD_DETAIL == PG_DIAG_MESSAGE_DETAIL, "PG_DIAG_MESSAGE_DETAIL changed");
_Static_assert((int)CPOSTGRES_FIELD_HINT == PG_DIAG_MESSAGE_HINT, "PG_DIAG_MESSAGE_HINT changed");

bool cpostgres_check_url(const char *url, char **reason) {
    *reason = NULL;
    PQconninfoOption *options = libpq.PQconninfoParse(url, reason);
    if (options == NULL) return false;
    libpq.PQconninfoFree(options);
    return true;
}

char *cpostgres_url_value(const char *url, const char *keyword) {
    PQconninfoOption *options = libpq.PQconninfoParse(url, NULL);
    if (options == NULL) return NULL;
    char *value = NULL;
    for (PQconninfoOption *option = options; option->keyword != NULL; option++) {
        if (strcmp(option->keyword, keyword) == 0 && option->val != NULL && option->val[0] != '\0') {
            value = strdup(option->val);
            break;
        }
    }
    libpq.PQconninfoFree(options);
    return value;
}

/// Notices (e.g. "there is no transaction in progress") go to stderr by default, where nobody
/// reads them between a server's log lines.
static void drop_notice(void *argument, const PGresult *result) {
    (void)argument;
    (void)result;
}

PGconn *cpostgres_connect(const char *url, const char *fallback_application_name, int default_connect_timeout) {
    char timeout[16];
    snprintf(timeout, sizeof timeout, "%d", default_connect_timeout);
    // libpq reads the arrays in order and the last value of a keyword wins, the URL's fields taking
    // the place of `dbname`: what comes before it is a default the URL may change (without a
    // connect_timeout libpq would wait for an unreachable server as long as TCP does), what comes
    // after it overrides the URL (every string this module sends and reads is UTF-8).
    const char *const keywords[] = {"connect_timeout", "fallback_application_name", "dbname", "client_encoding", NULL};
    const char *const values[] = {timeout, fallback_application_name, url, "UTF8", NULL};
    PGconn *connection = libpq.PQconnectdbParams(keywords, values, 1);
    if (connection != NULL) libpq.PQsetNoticeReceiver(connection, drop_notice, NULL);
    return connection;
}

bool cpostgres_is_connected(const PGconn *connection) {
    return libpq.PQstatus(connection) == CONNECTION_OK;
}

bool cpostgres_poll_alive(PGconn *connection) {
    if (libpq.PQstatus(connection) != CONNECTION_OK) return false;
    // libpq's socket is always non-blocking underneath, so this never waits. The first read takes
    // a terminated backend's last message, the second sees the end of the stream and marks the
    // connection bad.
    for (int read = 0; read < 2; read++) {
        if (!libpq.PQconsumeInput(connection)) return false;
    }
    return libpq.PQstatus(connection) == CONNECTION_OK;
}

const char *cpostgres_connection_error(const PGconn *connection) {
    return libpq.PQerrorMessage(connection);
}

CPostgresTransactionStatus cpostgres_transaction_status(const PGconn *connection) {
    return (CPostgresTransactionStatus)libpq.PQtransactionStatus(connection);
}

int cpostgres_backend_pid(const PGconn *connection) {
    return libpq.PQbackendPID(connection);
}

void cpostgres_finish(PGconn *connection) {
    libpq.PQfinish(connection);
}

PGresult *cpostgres_exec(PGconn *connection, const char *sql) {
    return libpq.PQexec(connection, sql);
}

PGresult *cpostgres_prepare(PGconn *connection, const char *name, const char *sql) {
    return libpq.PQprepare(connection, name, sql, 0, NULL);
}

PGresult *cpostgres_exec_prepared(PGconn *connection, const char *name, int parameter_count,
                                  const char *const *values, const int *lengths, const int *formats) {
    return libpq.PQexecPrepared(connection, name, parameter_count, values, lengths, formats, 0);
}

/// The result of the next query of a pipeline, and the NULL that ends its results read past.
static PGresult *next_pipelined_result(PGconn *connection) {
    PGresult *result = libpq.PQgetResult(connection);
    if (result == NULL) return NULL;
    // Without single-row mode a query has one result; anything more is dropped.
    for (PGresult *more; (more = libpq.PQgetResult(connection)) != NULL;) libpq.PQclear(more);
    return result;
}

bool cpostgres_send(PGconn *connection, const char *sql) {
    // With no parameters: the extended protocol, one statement, as in a pipeline.
    return libpq.PQsendQueryParams(connection, sql, 0, NULL, NULL, NULL, NULL, 0);
}

PGresult *cpostgres_await_result(PGconn *connection) {
    return next_pipelined_result(connection);
}

bool cpostgres_exec_pipeline(PGconn *connection, int opening_count, const char *const *openings,
                             PGresult **opening_results, int count, const char *const *names,
                             const int *parameter_counts, const char *const *const *values,
                             const int *const *lengths, const int *const *formats, PGresult **results,
                             const char *closing, PGresult **closing_result) {
    for (int i = 0; i < opening_count; i++) opening_results[i] = NULL;
    for (int i = 0; i < count; i++) results[i] = NULL;
    *closing_result = NULL;
    if (!libpq.PQenterPipelineMode(connection)) return false;
    bool sent = true;
    // PQsendQueryParams, not PQsendQuery: the simple query protocol is not allowed in a pipeline.
    for (int i = 0; sent && i < opening_count; i++) {
        sent = libpq.PQsendQueryParams(connection, openings[i], 0, NULL, NULL, NULL, NULL, 0);
    }
    for (int i = 0; sent && i < count; i++) {
        sent = libpq.PQsendQueryPrepared(connection, names[i], parameter_counts[i], values[i], lengths[i], formats[i], 0);
    }
    if (sent && closing != NULL) sent = libpq.PQsendQueryParams(connection, closing, 0, NULL, NULL, NULL, NULL, 0);
    sent = sent && libpq.PQpipelineSync(connection);
    if (sent) {
        // After the first failure the server skips the rest (PGRES_PIPELINE_ABORTED): those stay
        // NULL, so that the failure read first is the one reported.
        bool failed = false;
        for (int i = 0; i < opening_count; i++) {
            PGresult *result = next_pipelined_result(connection);
            if (failed && result != NULL) {
                libpq.PQclear(result);
                result = NULL;
            }
            failed = failed || result == NULL || libpq.PQresultStatus(result) != PGRES_COMMAND_OK;
            opening_results[i] = result;
        }
        for (int i = 0; i < count; i++) {
            PGresult *result = next_pipelined_result(connection);
            if (failed && result != NULL) {
                libpq.PQclear(result);
                result = NULL;
            }
            ExecStatusType status = result == NULL ? PGRES_FATAL_ERROR : libpq.PQresultStatus(result);
            failed = failed || (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK);
            results[i] = result;
        }
        if (closing != NULL) {
            PGresult *result = next_pipelined_result(connection);
            if (failed && result != NULL) {
                libpq.PQclear(result);
                result = NULL;
            }
            *closing_result = result;
        }
        // The sync's own result (PGRES_PIPELINE_SYNC) comes last, with no NULL after it.
        PGresult *sync = libpq.PQgetResult(connection);
        if (sync != NULL) libpq.PQclear(sync);
    }
    // Fails only with results left unread, on a connection that has failed: it is then closed.
    libpq.PQexitPipelineMode(connection);
    return sent;
}

CPostgresResultStatus cpostgres_result_status(const PGresult *result) {
    return (CPostgresResultStatus)libpq.PQresultStatus(result);
}

const char *cpostgres_result_error_field(const PGresult *result, CPostgresErrorField field) {
    return libpq.PQresultErrorField(result, (int)field);
}

const char *cpostgres_result_error_message(const PGresult *result) {
    return libpq.PQresultErrorMessage(result);
}

int cpostgres_row_count(const PGresult *result) {
    return libpq.PQntuples(result);
}

int cpostgres_column_count(const PGresult *result) {
    return libpq.PQnfields(result);
}

const char *cpostgres_column_name(const PGresult *result, int column) {
    return libpq.PQfname(result, column);
}

unsigned int cpostgres_column_type(const PGresult *result, int column) {
    return libpq.PQftype(result, column);
}

const char *cpostgres_value(const PGresult *result, int row, int column) {
    return libpq.PQgetvalue(result, row, column);
}

int cpostgres_value_length(const PGresult *result, int row, int column) {
    return libpq.PQgetlength(result, row, column);
}

bool cpostgres_value_is_null(const PGresult *result, int row, int column) {
    return libpq.PQgetisnull(result, row, column) != 0;
}

const char *cpostgres_affected_rows(PGresult *result) {
    return libpq.PQcmdTuples(result);
}

void cpostgres_clear(PGresult *result) {
    libpq.PQclear(result);
}

unsigned char *cpostgres_unescape_bytea(const char *text, size_t *length) {
    return libpq.PQunescapeBytea((const unsigned char *)text, length);
}

void cpostgres_free(void *memory) {
    libpq.PQfreemem(memory);
}
