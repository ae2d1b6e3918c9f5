internal import CSQLite
import Foundation

/// One open SQLite database connection, the sole owner of its C handle.
///
/// A connection is not thread-safe: its owner (a store) serializes access to it. Statements
/// are prepared once and cached by their SQL text, so a repeated query costs only binding and
/// stepping. See [Opening a new database connection](https://www.sqlite.org/c3ref/open.html).
package final class Connection {
  /// How much of a file a memory-mapping connection maps.
  static let mappedBytes = 64 << 20

  /// Where a connection's database lives.
  package enum Location: Equatable {
    /// A file on disk.
    case file(String)
    /// A file read exactly as it lies on disk, read-only: no lock is taken and no `-wal`,
    /// `-shm` or journal file is read or created (SQLite's
    /// [immutable](https://www.sqlite.org/uri.html#uriimmutable) mode). For looking at a file
    /// that may not be ours, when no write-ahead log exists beside it.
    case immutableFile(String)
    /// A private database in memory, gone when the connection closes.
    case memory

    /// The file's path; `":memory:"` for a database in memory.
    package var path: String {
      switch self {
      case .file(let path), .immutableFile(let path): path
      case .memory: ":memory:"
      }
    }
  }

  let handle: OpaquePointer
  /// How long the connection waits for a lock that another connection holds.
  package let busyTimeout: Duration
  /// Prepared statements by SQL text. An evicted statement is finalized when its last user lets
  /// go of it (`sqlite3_close_v2` waits for that), never under a user's feet.
  private var statements = BoundedCache<Statement>(capacity: Connection.statementCacheCapacity)
  /// The most prepared statements a connection keeps for reuse.
  package static let statementCacheCapacity = 128
  /// What the latest `swift_report` call reported (``ReportedFlags``).
  private let reported = ReportedFlags()

  /// Opens a connection; a missing file is created when `readOnly` is not set and `creates` is.
  ///
  /// The connection uses WAL journaling (for files that it may write, unless `usesWAL` is off:
  /// then ``useWAL()`` switches later), enforces foreign keys, and waits up to `busyTimeout` for
  /// another writer before failing with `SQLITE_BUSY`: SQLite's
  /// [busy timeout](https://www.sqlite.org/c3ref/busy_timeout.html) retries the lock with growing
  /// pauses (1 ms, 2 ms, 5 ms, … up to 100 ms) until the time is spent. Every connection is
  /// [defensive](https://www.sqlite.org/c3ref/c_dbconfig_defensive.html) (no writable schema,
  /// no shadow-table writes) and does not trust the schema
  /// ([trusted_schema](https://www.sqlite.org/pragma.html#pragma_trusted_schema) off), and
  /// triggers and views are disabled: the engine uses neither, so a store that holds them is
  /// not run by them.
  ///
  /// - Throws: ``SQLiteError`` if the database cannot be opened or is not a database.
  ///
  /// With `mapsMemory`, the file's first 64 MiB are read through memory mapping instead of
  /// copies, which makes lookups faster; mapped pages count in the process's resident memory as
  /// they are touched, so a connection that streams a whole large store does without.
  ///
  /// `vfs` names the [VFS](https://www.sqlite.org/vfs.html) that does the connection's file
  /// I/O, as registered with `sqlite3_vfs_register`; `nil` is the system's default.
  package init(
    location: Location, readOnly: Bool, creates: Bool = true, usesWAL: Bool = true, mapsMemory: Bool = false,
    busyTimeout: Duration = .seconds(5), vfs: String? = nil
  ) throws(SQLiteError) {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | (creates ? SQLITE_OPEN_CREATE : 0))
    let path: String
    switch location {
    case .file(let filePath): path = filePath
    case .immutableFile(let filePath):
      path = "file:\(Self.uriEncoded(filePath))?immutable=1"
      flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
    case .memory: path = ":memory:"
    }
    var db: OpaquePointer?
    let result = sqlite3_open_v2(path, &db, flags, vfs)
    guard result == SQLITE_OK, let db else {
      let error = SQLiteError(code: result, connection: db)
      sqlite3_close_v2(db)
      throw error
    }
    handle = db
    self.busyTimeout = busyTimeout
    sqlite3_extended_result_codes(db, 1)
    let milliseconds =
      busyTimeout.components.seconds * 1000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(db, Int32(clamping: milliseconds))
    for (option, on) in [
      (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0), (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0),
      (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
    ] {
      let code = movies_sqlite3_db_config_flag(db, option, Int32(on))
      guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: db) }
    }
    // Reading the schema first makes a file that is not a database fail here, at open.
    try execute("SELECT count(*) FROM sqlite_schema")
    if case .file = location, !readOnly, usesWAL {
      try useWAL()
    }
    if case .file = location, mapsMemory {
      try execute("PRAGMA mmap_size = \(Self.mappedBytes)")
    }
    try execute("PRAGMA foreign_keys = ON")
    try SwiftFunctions.register(on: db)
    try ReportedFlags.register(reported, on: db)
  }

  /// A path as the path of a `file:` URI: every byte but unreserved ones and `/` percent-encoded.
  private static func uriEncoded(_ path: String) -> String {
    var text = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: "~"):
        text.unicodeScalars.append(UnicodeScalar(byte))
      default:
        text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return text
  }

  deinit {
    guard !isClosed else { return }
    for statement in statements.values { statement.finalize() }
    sqlite3_close_v2(handle)
  }

  /// Whether ``close()`` has closed the connection; it must not be used then.
  private(set) var isClosed = false

  /// Finalizes the connection's statements and closes it, now: when it is the last connection
  /// to a WAL database, SQLite checkpoints the log and removes the `-wal` and `-shm` files. The
  /// connection must not be used afterwards. Closing twice does nothing.
  ///
  /// See [Closing a database connection](https://www.sqlite.org/c3ref/close.html).
  ///
  /// A statement the connection evicted from its cache and someone still holds keeps it open:
  /// finalize those first.
  ///
  /// - Throws: ``SQLiteError`` if SQLite refuses to close it (a statement or backup still open);
  ///   the connection is then left open, to be closed when it is released.
  package func close() throws(SQLiteError) {
    guard !isClosed else { return }
    for statement in statements.values { statement.finalize() }
    statements = BoundedCache(capacity: Connection.statementCacheCapacity)
    let result = sqlite3_close(handle)
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle) }
    isClosed = true
  }

  /// Lets the schema's triggers run (the schema stays untrusted: a trigger may only use what is
  /// safe there, so no virtual table), on a connection whose schema was checked to hold no
  /// trigger, view or virtual table but the ones its owner made: the store's own connection,
  /// after its schema guard passed, so that the triggers recording changes for its search
  /// indexes run with every write.
  ///
  /// - Throws: ``SQLiteError`` if the setting cannot be changed.
  package func runCheckedTriggers() throws(SQLiteError) {
    let code = movies_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 1)
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
  }

  /// Switches the database file to [WAL](https://www.sqlite.org/wal.html) journaling, which
  /// writes its header: call it only on a file known to be the caller's.
  ///
  /// - Throws: ``SQLiteError`` if the mode cannot be changed.
  package func useWAL() throws(SQLiteError) {
    try execute("PRAGMA journal_mode = WAL")
  }

  /// Runs one or more SQL statements that take no parameters, discarding any rows.
  ///
  /// - Throws: ``SQLiteError`` naming the SQL.
  package func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    sqlite3_free(message)
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle, sql: sql) }
  }

  /// Returns the cached prepared statement for some SQL, preparing it on first use. The cache
  /// keeps the ``statementCacheCapacity`` most recently used statements.
  ///
  /// The statement is reset and its bindings cleared before it is returned.
  ///
  /// - Throws: ``SQLiteError`` if the SQL does not compile.
  package func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statements.value(for: sql) {
      cached.reset()
      return cached
    }
    let statement = try Statement(sql: sql, connection: handle)
    statements.insert(statement, for: sql)
    return statement
  }

  /// How many prepared statements the connection keeps for reuse.
  package var cachedStatementCount: Int { statements.count }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committing if it returns and
  /// rolling back if it throws.
  ///
  /// See [Transactions](https://www.sqlite.org/lang_transaction.html).
  ///
  /// - Throws: what `body` throws, or ``SQLiteError`` if the transaction cannot begin or commit.
  package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN IMMEDIATE", body)
  }

  /// Runs `body` in a read transaction (`BEGIN DEFERRED`): every statement it runs sees the
  /// database as one commit left it, however many other connections commit meanwhile.
  ///
  /// - Throws: what `body` throws, or ``SQLiteError`` if the transaction cannot begin or end.
  package func readTransaction<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN DEFERRED", body)
  }

  /// Runs `body` between `begin` and a commit, rolling back if it throws.
  private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // The body's error is the one to report; a rollback that fails as well leaves SQLite to
      // roll back when the connection closes, and adds nothing the caller can act on.
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Whether the connection can only read: opened read-only, or opened for writing on a file
  /// the process may not write (SQLite then falls back to reading).
  package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// The rowid of the last row inserted on this connection.
  package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  package var changes: Int { Int(sqlite3_changes64(handle)) }

  /// The truth of each argument of the latest `swift_report(…)` a statement evaluated since
  /// ``clearReport()`` (see ``ReportedFlags``); empty when none did.
  package var report: [Bool] { reported.values }

  /// Forgets the latest report, before a statement that may make one runs.
  package func clearReport() { reported.clear() }
}
