// Runs SQL on a database file with SQLite's C API directly, bypassing the engine: for tests
// that craft stores the engine must refuse (hostile triggers, views, edited schemas).
#ifndef RAW_SQL_H
#define RAW_SQL_H

/// Runs `sql` (several statements allowed) on the database at `path` through the system's
/// VFS, with `writable_schema` allowed; returns 0 on success, else the SQLite result code, and
/// copies SQLite's message into `message` (of `capacity` bytes).
int raw_sql_execute(const char *path, const char *sql, char *message, int capacity);

#endif
