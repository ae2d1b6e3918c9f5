// A SQLite VFS that wraps the system's default one (unix) to inject faults: the Nth read,
// write, sync or truncate fails with an I/O error or a full disk, or power is lost there.
//
// Power loss is simulated the way SQLite's own crash tests do it: every write that has not
// been synced keeps its file's previous bytes; when power goes, each such write is, at
// random, kept, dropped (its previous bytes are written back) or torn (only its first
// 512-byte sectors are kept), newest first, and every later operation fails. Memory mapping
// is not offered, so every read of the file goes through xRead and is counted.
#include "FaultVFS.h"

#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

const char *const fault_vfs_name = "fault";

/// The bytes a file held where a write or truncation changed it, before it did.
typedef struct Undo {
  sqlite3_int64 offset;
  int length;              // bytes of `old` (0 when the region lay past the end of the file)
  int written;             // bytes the operation wrote at `offset` (0 for a truncation)
  sqlite3_int64 old_size;  // the file's size before the operation
  unsigned char *old;
  struct Undo *next;       // the previous (older) change
} Undo;

typedef struct FaultFile {
  sqlite3_file base;
  sqlite3_file *real;
  Undo *unsynced;  // newest first
  struct FaultFile *next_open;
} FaultFile;

static sqlite3_vfs *root;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t counts[FAULT_OP_KINDS];
static int armed;
static fault_op armed_op;
static int64_t armed_n;
static fault_kind armed_kind;
static int fired;
static int disk_full;
static int powered_off;
static uint64_t random_state;
static FaultFile *open_files;
static int64_t busy_locks;

// Counts a lock that another connection holds: a connection about to wait for it.
static int counting_busy(int result) {
  if (result == SQLITE_BUSY) {
    pthread_mutex_lock(&lock);
    busy_locks += 1;
    pthread_mutex_unlock(&lock);
  }
  return result;
}

static uint64_t next_random(void) {
  uint64_t z = (random_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

static void free_undo(Undo *undo) {
  while (undo) {
    Undo *older = undo->next;
    free(undo->old);
    free(undo);
    undo = older;
  }
}

/// Records what a change of [offset, offset + length) is about to overwrite.
static int record_undo(FaultFile *file, sqlite3_int64 offset, sqlite3_int64 length, int written) {
  sqlite3_int64 size = 0;
  int rc = file->real->pMethods->xFileSize(file->real, &size);
  if (rc != SQLITE_OK) return rc;
  Undo *undo = calloc(1, sizeof(Undo));
  if (!undo) return SQLITE_NOMEM;
  undo->offset = offset;
  undo->written = written;
  undo->old_size = size;
  sqlite3_int64 end = offset + length < size ? offset + length : size;
  if (end > offset) {
    undo->length = (int)(end - offset);
    undo->old = malloc((size_t)undo->length);
    if (!undo->old) {
      free(undo);
      return SQLITE_NOMEM;
    }
    rc = file->real->pMethods->xRead(file->real, undo->old, undo->length, offset);
    if (rc != SQLITE_OK) {
      free(undo->old);
      free(undo);
      return rc;
    }
  }
  undo->next = file->unsynced;
  file->unsynced = undo;
  return SQLITE_OK;
}

/// Power goes: each unsynced change of each open file is kept, dropped or torn.
static void lose_power(void) {
  for (FaultFile *file = open_files; file; file = file->next_open) {
    sqlite3_int64 kept_end = 0;
    for (Undo *undo = file->unsynced; undo; undo = undo->next) {
      uint64_t choice = next_random() % 3;
      sqlite3_int64 keep = 0;  // bytes of the new content that survive
      if (choice == 0 && undo->written > 0) {
        keep = undo->written;
      } else if (choice == 1 && undo->written > 512) {
        keep = 512 * (sqlite3_int64)(next_random() % (uint64_t)(undo->written / 512));
      }
      if (keep > 0 && undo->offset + keep > kept_end) kept_end = undo->offset + keep;
      if (undo->length > keep) {
        file->real->pMethods->xWrite(file->real, undo->old + keep, (int)(undo->length - keep), undo->offset + keep);
      }
      sqlite3_int64 size = undo->old_size > kept_end ? undo->old_size : kept_end;
      sqlite3_int64 current = 0;
      if (file->real->pMethods->xFileSize(file->real, &current) == SQLITE_OK && current > size) {
        file->real->pMethods->xTruncate(file->real, size);
      }
    }
    free_undo(file->unsynced);
    file->unsynced = NULL;
  }
}

static int failure_code(fault_op op) {
  switch (op) {
  case FAULT_OP_READ: return SQLITE_IOERR_READ;
  case FAULT_OP_WRITE: return SQLITE_IOERR_WRITE;
  case FAULT_OP_SYNC: return SQLITE_IOERR_FSYNC;
  case FAULT_OP_TRUNCATE: return SQLITE_IOERR_TRUNCATE;
  default: return SQLITE_IOERR;
  }
}

/// Counts an operation and says whether it fails (a SQLite result code) or goes ahead (OK).
/// Called with the lock held.
static int check(fault_op op) {
  if (powered_off) return failure_code(op);
  counts[op] += 1;
  if (armed && !fired && op == armed_op && counts[op] == armed_n) {
    fired = 1;
    switch (armed_kind) {
    case FAULT_IO_ERROR: return failure_code(op);
    case FAULT_DISK_FULL: disk_full = 1; break;
    case FAULT_POWER_LOSS:
      lose_power();
      powered_off = 1;
      return failure_code(op);
    case FAULT_KILL: raise(SIGKILL);
    }
  }
  if (disk_full && (op == FAULT_OP_WRITE || op == FAULT_OP_SYNC)) return SQLITE_FULL;
  return SQLITE_OK;
}

static int recording(void) { return armed && armed_kind == FAULT_POWER_LOSS && !fired; }

static int fault_close(sqlite3_file *base) {
  FaultFile *file = (FaultFile *)base;
  pthread_mutex_lock(&lock);
  for (FaultFile **link = &open_files; *link; link = &(*link)->next_open) {
    if (*link == file) {
      *link = file->next_open;
      break;
    }
  }
  free_undo(file->unsynced);
  file->unsynced = NULL;
  pthread_mutex_unlock(&lock);
  return file->real->pMethods->xClose(file->real);
}

static int fault_read(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
  FaultFile *file = (FaultFile *)base;
  pthread_mutex_lock(&lock);
  int rc = check(FAULT_OP_READ);
  pthread_mutex_unlock(&lock);
  if (rc != SQLITE_OK) return rc;
  return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int fault_write(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
  FaultFile *file = (FaultFile *)base;
  pthread_mutex_lock(&lock);
  int rc = check(FAULT_OP_WRITE);
  if (rc == SQLITE_OK && recording()) rc = record_undo(file, offset, amount, amount);
  if (rc == SQLITE_OK) rc = file->real->pMethods->xWrite(file->real, buffer, amount, offset);
  pthread_mutex_unlock(&lock);
  return rc;
}

static int fault_truncate(sqlite3_file *base, sqlite3_int64 size) {
  FaultFile *file = (FaultFile *)base;
  pthread_mutex_lock(&lock);
  int rc = check(FAULT_OP_TRUNCATE);
  sqlite3_int64 current = 0;
  if (rc == SQLITE_OK && recording()) rc = file->real->pMethods->xFileSize(file->real, &current);
  if (rc == SQLITE_OK && recording() && current > size) rc = record_undo(file, size, current - size, 0);
  if (rc == SQLITE_OK) rc = file->real->pMethods->xTruncate(file->real, size);
  pthread_mutex_unlock(&lock);
  return rc;
}

static int fault_sync(sqlite3_file *base, int flags) {
  FaultFile *file = (FaultFile *)base;
  pthread_mutex_lock(&lock);
  int rc = check(FAULT_OP_SYNC);
  if (rc == SQLITE_OK) rc = file->real->pMethods->xSync(file->real, flags);
  if (rc == SQLITE_OK) {
    free_undo(file->unsynced);
    file->unsynced = NULL;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/// Whether power has been lost, read under the lock by operations that do not count.
static int is_powered_off(void) {
  pthread_mutex_lock(&lock);
  int result = powered_off;
  pthread_mutex_unlock(&lock);
  return result;
}

static int fault_file_size(sqlite3_file *base, sqlite3_int64 *size) {
  FaultFile *file = (FaultFile *)base;
  if (is_powered_off()) return SQLITE_IOERR_FSTAT;
  return file->real->pMethods->xFileSize(file->real, size);
}

static int fault_lock(sqlite3_file *base, int level) {
  FaultFile *file = (FaultFile *)base;
  return counting_busy(file->real->pMethods->xLock(file->real, level));
}

static int fault_unlock(sqlite3_file *base, int level) {
  FaultFile *file = (FaultFile *)base;
  return file->real->pMethods->xUnlock(file->real, level);
}

static int fault_check_reserved_lock(sqlite3_file *base, int *reserved) {
  FaultFile *file = (FaultFile *)base;
  return file->real->pMethods->xCheckReservedLock(file->real, reserved);
}

static int fault_file_control(sqlite3_file *base, int op, void *argument) {
  FaultFile *file = (FaultFile *)base;
  // SQLite asks for the VFS's name through this op; report ours, not unix's.
  if (op == SQLITE_FCNTL_VFSNAME) {
    *(char **)argument = sqlite3_mprintf("%s", fault_vfs_name);
    return SQLITE_OK;
  }
  return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int fault_sector_size(sqlite3_file *base) {
  FaultFile *file = (FaultFile *)base;
  return file->real->pMethods->xSectorSize(file->real);
}

static int fault_device_characteristics(sqlite3_file *base) {
  FaultFile *file = (FaultFile *)base;
  return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int fault_shm_map(sqlite3_file *base, int page, int size, int extend, void volatile **memory) {
  FaultFile *file = (FaultFile *)base;
  if (is_powered_off()) return SQLITE_IOERR_SHMMAP;
  return file->real->pMethods->xShmMap(file->real, page, size, extend, memory);
}

static int fault_shm_lock(sqlite3_file *base, int offset, int n, int flags) {
  FaultFile *file = (FaultFile *)base;
  return counting_busy(file->real->pMethods->xShmLock(file->real, offset, n, flags));
}

static void fault_shm_barrier(sqlite3_file *base) {
  FaultFile *file = (FaultFile *)base;
  file->real->pMethods->xShmBarrier(file->real);
}

static int fault_shm_unmap(sqlite3_file *base, int delete_flag) {
  FaultFile *file = (FaultFile *)base;
  return file->real->pMethods->xShmUnmap(file->real, is_powered_off() ? 0 : delete_flag);
}

// Version 2: shared memory for WAL, but no memory-mapped reads (xFetch), so every read counts.
static const sqlite3_io_methods fault_io = {
  2,
  fault_close,
  fault_read,
  fault_write,
  fault_truncate,
  fault_sync,
  fault_file_size,
  fault_lock,
  fault_unlock,
  fault_check_reserved_lock,
  fault_file_control,
  fault_sector_size,
  fault_device_characteristics,
  fault_shm_map,
  fault_shm_lock,
  fault_shm_barrier,
  fault_shm_unmap,
  NULL,
  NULL,
};

static int fault_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *base, int flags, int *out_flags) {
  (void)vfs;
  FaultFile *file = (FaultFile *)base;
  file->real = (sqlite3_file *)&file[1];
  file->unsynced = NULL;
  file->next_open = NULL;
  if (is_powered_off()) {
    base->pMethods = NULL;
    return SQLITE_CANTOPEN;
  }
  int rc = root->xOpen(root, name, file->real, flags, out_flags);
  if (file->real->pMethods) {
    base->pMethods = &fault_io;
    pthread_mutex_lock(&lock);
    file->next_open = open_files;
    open_files = file;
    pthread_mutex_unlock(&lock);
  } else {
    base->pMethods = NULL;
  }
  return rc;
}

static int fault_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
  (void)vfs;
  if (is_powered_off()) return SQLITE_IOERR_DELETE;
  return root->xDelete(root, name, sync_directory);
}

static int fault_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
  (void)vfs;
  return root->xAccess(root, name, flags, result);
}

static int fault_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  (void)vfs;
  return root->xFullPathname(root, name, size, out);
}

static void *fault_dl_open(sqlite3_vfs *vfs, const char *name) {
  (void)vfs;
  return root->xDlOpen(root, name);
}

static void fault_dl_error(sqlite3_vfs *vfs, int size, char *message) {
  (void)vfs;
  root->xDlError(root, size, message);
}

static void (*fault_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
  (void)vfs;
  return root->xDlSym(root, handle, symbol);
}

static void fault_dl_close(sqlite3_vfs *vfs, void *handle) {
  (void)vfs;
  root->xDlClose(root, handle);
}

static int fault_randomness(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return root->xRandomness(root, size, out);
}

static int fault_sleep(sqlite3_vfs *vfs, int microseconds) {
  (void)vfs;
  return root->xSleep(root, microseconds);
}

static int fault_current_time(sqlite3_vfs *vfs, double *now) {
  (void)vfs;
  return root->xCurrentTime(root, now);
}

static int fault_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return root->xGetLastError ? root->xGetLastError(root, size, out) : 0;
}

static int fault_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
  (void)vfs;
  return root->xCurrentTimeInt64(root, now);
}

static sqlite3_vfs fault_vfs = {
  2, 0, 0, NULL, "fault", NULL,
  fault_open, fault_delete, fault_access, fault_full_pathname,
  fault_dl_open, fault_dl_error, fault_dl_sym, fault_dl_close,
  fault_randomness, fault_sleep, fault_current_time, fault_get_last_error,
  fault_current_time_int64, NULL, NULL, NULL,
};

int fault_vfs_register(void) {
  pthread_mutex_lock(&lock);
  int rc = SQLITE_OK;
  if (!root) {
    root = sqlite3_vfs_find(NULL);
    if (!root) {
      rc = SQLITE_ERROR;
    } else {
      fault_vfs.szOsFile = (int)sizeof(FaultFile) + root->szOsFile;
      fault_vfs.mxPathname = root->mxPathname;
      rc = sqlite3_vfs_register(&fault_vfs, 0);
      if (rc != SQLITE_OK) root = NULL;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

void fault_vfs_reset(uint64_t seed) {
  pthread_mutex_lock(&lock);
  memset(counts, 0, sizeof counts);
  armed = 0;
  fired = 0;
  disk_full = 0;
  powered_off = 0;
  random_state = seed;
  for (FaultFile *file = open_files; file; file = file->next_open) {
    free_undo(file->unsynced);
    file->unsynced = NULL;
  }
  pthread_mutex_unlock(&lock);
}

int64_t fault_vfs_count(fault_op op) {
  pthread_mutex_lock(&lock);
  int64_t count = op < FAULT_OP_KINDS ? counts[op] : 0;
  pthread_mutex_unlock(&lock);
  return count;
}

void fault_vfs_arm(fault_op op, int64_t n, fault_kind kind) {
  pthread_mutex_lock(&lock);
  armed = 1;
  armed_op = op;
  armed_n = n;
  armed_kind = kind;
  fired = 0;
  pthread_mutex_unlock(&lock);
}

int fault_vfs_fired(void) {
  pthread_mutex_lock(&lock);
  int result = fired;
  pthread_mutex_unlock(&lock);
  return result;
}

int64_t fault_vfs_busy_locks(void) {
  pthread_mutex_lock(&lock);
  int64_t result = busy_locks;
  pthread_mutex_unlock(&lock);
  return result;
}

void fault_vfs_free_space(void) {
  pthread_mutex_lock(&lock);
  disk_full = 0;
  pthread_mutex_unlock(&lock);
}

int64_t fault_set_hard_heap_limit(int64_t bytes) { return sqlite3_hard_heap_limit64(bytes); }
