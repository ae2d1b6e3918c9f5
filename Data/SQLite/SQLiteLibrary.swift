internal import CSQLite

/// Settings of the SQLite library itself, which hold for every connection of the process.
package enum SQLiteLibrary {
  /// Stops SQLite counting the memory it holds, so that an allocation takes no lock: with the
  /// count on (the default), every allocation and release of SQLite's takes a process-wide
  /// mutex, a few percent of the time of a bulk write. Without it, the heap limits
  /// ([`sqlite3_hard_heap_limit64`](https://www.sqlite.org/c3ref/hard_heap_limit64.html) and
  /// the soft one) are not enforced and `sqlite3_memory_used` reads 0; the engine uses neither.
  ///
  /// It takes effect only before SQLite's first use in the process, before any connection
  /// opens: call it first thing in a program that wants it.
  ///
  /// - Returns: whether SQLite took the setting; `false` once SQLite has been used.
  @discardableResult
  package static func stopCountingMemory() -> Bool {
    movies_sqlite3_config_memstatus(0) == SQLITE_OK
  }
}
