// A SQLite VFS for tests that wraps the system's default VFS and injects I/O faults and
// power loss. Only this target and Data/SQLite see the SQLite C API; tests drive it through
// these functions. Its state is process-wide: tests that use it must run one at a time.
#ifndef FAULT_VFS_H
#define FAULT_VFS_H

#include <stdint.h>

#include "RawSQL.h"

/// The name under which the VFS is registered ("fault").
extern const char *const fault_vfs_name;

/// The kinds of file operation the VFS counts and can fail.
typedef enum {
  FAULT_OP_READ = 0,
  FAULT_OP_WRITE = 1,
  FAULT_OP_SYNC = 2,
  FAULT_OP_TRUNCATE = 3,
  FAULT_OP_KINDS = 4
} fault_op;

/// What the armed fault does.
typedef enum {
  /// The operation fails with an I/O error, as a failing disk does (SQLITE_IOERR_*).
  FAULT_IO_ERROR = 0,
  /// The operation fails as on a full disk (SQLITE_FULL), until fault_vfs_free_space().
  FAULT_DISK_FULL = 1,
  /// Power is lost just before the operation: writes not yet synced are dropped or torn,
  /// and every later operation fails, until fault_vfs_reset().
  FAULT_POWER_LOSS = 2,
  /// The process kills itself with SIGKILL just before the operation, as `kill -9` would.
  FAULT_KILL = 3,
} fault_kind;

/// Registers the VFS (not as the default); returns 0 on success, else a SQLite result code.
int fault_vfs_register(void);

/// Clears the counters, disarms any fault and restores power; `seed` drives which unsynced
/// writes a power loss keeps, drops or tears.
void fault_vfs_reset(uint64_t seed);

/// The number of operations of a kind done since the last reset.
int64_t fault_vfs_count(fault_op op);

/// Arms a fault for the `n`th operation (1-based) of a kind counted from the last reset.
void fault_vfs_arm(fault_op op, int64_t n, fault_kind kind);

/// Whether the armed fault has fired.
int fault_vfs_fired(void);

/// How many times a lock was found held by another connection (`SQLITE_BUSY` from a file's
/// or its shared memory's lock), since the process started: a connection then waits for it.
int64_t fault_vfs_busy_locks(void);

/// Ends a disk-full condition: later writes succeed again.
void fault_vfs_free_space(void);

/// Lowers (or, with 0, removes) SQLite's hard heap limit for the whole process; returns the
/// previous limit. See https://www.sqlite.org/c3ref/hard_heap_limit64.html
int64_t fault_set_hard_heap_limit(int64_t bytes);

#endif
