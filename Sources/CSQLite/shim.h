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

// No page-cache buffer, and no first allocation of 20 pages (about 87 KB) that each connection's
// cache otherwise makes when it reads its first page: pages are allocated as they are read.
// A server's five connections mostly read a few pages each while idle. Before initialisation only.
static inline int wishlist_sqlite3_config_page_cache_on_demand(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}

// A count that every process with the database open maps from one small file beside it
// (SharedChangeCounter): Swift's atomics work only on storage Swift itself allocated, so the
// loads and increments of memory shared between processes are made here.
static inline unsigned long long wishlist_shared_counter_load(const unsigned long long *counter) {
    return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

static inline void wishlist_shared_counter_increment(unsigned long long *counter) {
    __atomic_fetch_add(counter, 1, __ATOMIC_ACQ_REL);
}
