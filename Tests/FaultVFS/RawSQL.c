#include "RawSQL.h"

#include <sqlite3.h>
#include <string.h>

int raw_sql_execute(const char *path, const char *sql, char *message, int capacity) {
  sqlite3 *db = NULL;
  int rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc == SQLITE_OK) {
    // Crafting a hostile schema needs what the engine's connections refuse.
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 0, (int *)0);
    char *error = NULL;
    rc = sqlite3_exec(db, sql, NULL, NULL, &error);
    if (error && capacity > 0) {
      strncpy(message, error, (size_t)capacity - 1);
      message[capacity - 1] = 0;
    }
    sqlite3_free(error);
  } else if (capacity > 0) {
    strncpy(message, sqlite3_errstr(rc), (size_t)capacity - 1);
    message[capacity - 1] = 0;
  }
  sqlite3_close(db);
  return rc;
}
