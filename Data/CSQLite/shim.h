#include <sqlite3.h>

/// Sets an on/off option of a connection (`sqlite3_db_config` is variadic, which Swift cannot
/// call), returning SQLite's result code. See https://www.sqlite.org/c3ref/db_config.html.
static inline int movies_sqlite3_db_config_flag(sqlite3 *db, int option, int on) {
  return sqlite3_db_config(db, option, on, (int *)0);
}

/// Turns SQLite's count of the memory it holds on or off for the whole process
/// (`sqlite3_config` is variadic); only before SQLite is first used, else `SQLITE_MISUSE`.
/// See https://www.sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus.
static inline int movies_sqlite3_config_memstatus(int on) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
