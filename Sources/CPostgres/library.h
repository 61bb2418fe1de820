#ifndef CPOSTGRES_LIBRARY_H
#define CPOSTGRES_LIBRARY_H

// libpq's header gives this target its types and the exact prototype of every function it calls;
// no libpq symbol is linked. The functions are reached through `libpq`, a table that loader.c fills
// with dlsym at the first connection.

#include <libpq-fe.h>

/// Every libpq function this target calls, once. Adding a call means adding its name here: the
/// table's member gets the header's prototype and loader.c resolves it by name.
#define CPOSTGRES_FUNCTIONS(X) \
    X(PQconnectdbParams) \
    X(PQconninfoParse) \
    X(PQconninfoFree) \
    X(PQstatus) \
    X(PQerrorMessage) \
    X(PQfinish) \
    X(PQtransactionStatus) \
    X(PQbackendPID) \
    X(PQsetNoticeReceiver) \
    X(PQconsumeInput) \
    X(PQexec) \
    X(PQprepare) \
    X(PQexecPrepared) \
    X(PQenterPipelineMode) \
    X(PQexitPipelineMode) \
    X(PQpipelineSync) \
    X(PQsendQueryParams) \
    X(PQsendQueryPrepared) \
    X(PQgetResult) \
    X(PQresultStatus) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQntuples) \
    X(PQnfields) \
    X(PQfname) \
    X(PQftype) \
    X(PQgetvalue) \
    X(PQgetlength) \
    X(PQgetisnull) \
    X(PQcmdTuples) \
    X(PQclear) \
    X(PQunescapeBytea) \
    X(PQfreemem)

/// Pointers to the loaded functions, each typed as the header declares it.
struct cpostgres_library {
#define CPOSTGRES_MEMBER(name) __typeof__(name) *name;
    CPOSTGRES_FUNCTIONS(CPOSTGRES_MEMBER)
#undef CPOSTGRES_MEMBER
};

/// Filled by cpostgres_load; only read after it succeeded.
extern struct cpostgres_library libpq;

#endif
