#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift does not import. This covers the
// "int int*" options (SQLITE_DBCONFIG_ENABLE_FKEY, SQLITE_DBCONFIG_DQS_DML, ...):
// it sets `value` (-1 leaves it unchanged) and stores the resulting state in `*result`.
static inline int wishlist_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

// sqlite3_config is variadic too. This turns off SQLite's count of the memory it holds, which
// takes one process-wide mutex on every allocation of every connection. Only before SQLite is
// initialised; SQLITE_MISUSE after.
static inline int wishlist_sqlite3_config_memory_statistics_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
