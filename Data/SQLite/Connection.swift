internal import CSQLite
import Foundation

/// One open SQLite database connection, the sole owner of its C handle.
///
/// A connection is not thread-safe: its owner (a store) serializes access to it. Statements
/// are prepared once and cached by their SQL text, so a repeated query costs only binding and
/// stepping. See [Opening a new database connection](https://www.sqlite.org/c3ref/open.html).
final class Connection {
  /// Where a connection's database lives.
  /// How much of a file a memory-mapping connection maps.
  static let mappedBytes = 64 << 20

  enum Location: Equatable {
    /// A file on disk.
    case file(String)
    /// A private database in memory, gone when the connection closes.
    case memory
  }

  let handle: OpaquePointer
  /// How long the connection waits for a lock that another connection holds.
  let busyTimeout: Duration
  private var statements: [String: Statement] = [:]

  /// Opens a connection; a missing file is created unless `readOnly` is set.
  ///
  /// The connection uses WAL journaling (for files that it may write), enforces foreign keys,
  /// and waits up to `busyTimeout` for another writer before failing with `SQLITE_BUSY`:
  /// SQLite's [busy timeout](https://www.sqlite.org/c3ref/busy_timeout.html) retries the lock
  /// with growing pauses (1 ms, 2 ms, 5 ms, … up to 100 ms) until the time is spent.
  ///
  /// - Throws: ``SQLiteError`` if the database cannot be opened or is not a database.
  ///
  /// With `mapsMemory`, the file's first 64 MiB are read through memory mapping instead of
  /// copies, which makes lookups faster; mapped pages count in the process's resident memory as
  /// they are touched, so a connection that streams a whole large store does without.
  init(
    location: Location, readOnly: Bool, mapsMemory: Bool = false, busyTimeout: Duration = .seconds(5)
  ) throws(SQLiteError) {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    flags |= readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    let path: String
    switch location {
    case .file(let filePath): path = filePath
    case .memory: path = ":memory:"
    }
    var db: OpaquePointer?
    let result = sqlite3_open_v2(path, &db, flags, nil)
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
    // Reading the schema first makes a file that is not a database fail here, at open.
    try execute("SELECT count(*) FROM sqlite_schema")
    if case .file = location, !readOnly {
      try execute("PRAGMA journal_mode = WAL")
    }
    if case .file = location, mapsMemory {
      try execute("PRAGMA mmap_size = \(Self.mappedBytes)")
    }
    try execute("PRAGMA foreign_keys = ON")
    try SwiftFunctions.register(on: db)
  }

  deinit {
    for statement in statements.values { statement.finalize() }
    sqlite3_close_v2(handle)
  }

  /// Runs one or more SQL statements that take no parameters, discarding any rows.
  ///
  /// - Throws: ``SQLiteError`` naming the SQL.
  func execute(_ sql: String) throws(SQLiteError) {
    var message: UnsafeMutablePointer<CChar>?
    let result = sqlite3_exec(handle, sql, nil, nil, &message)
    sqlite3_free(message)
    guard result == SQLITE_OK else { throw SQLiteError(code: result, connection: handle, sql: sql) }
  }

  /// Returns the cached prepared statement for some SQL, preparing it on first use.
  ///
  /// The statement is reset and its bindings cleared before it is returned.
  ///
  /// - Throws: ``SQLiteError`` if the SQL does not compile.
  func statement(_ sql: String) throws(SQLiteError) -> Statement {
    if let cached = statements[sql] {
      cached.reset()
      return cached
    }
    let statement = try Statement(sql: sql, connection: handle)
    statements[sql] = statement
    return statement
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committing if it returns and
  /// rolling back if it throws.
  ///
  /// See [Transactions](https://www.sqlite.org/lang_transaction.html).
  ///
  /// - Throws: what `body` throws, or ``SQLiteError`` if the transaction cannot begin or commit.
  func writeTransaction<T>(_ body: () throws -> T) throws -> T {
    try execute("BEGIN IMMEDIATE")
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

  /// The rowid of the last row inserted on this connection.
  var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  var changes: Int { Int(sqlite3_changes64(handle)) }
}
