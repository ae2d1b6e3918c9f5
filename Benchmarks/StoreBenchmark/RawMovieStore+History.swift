import CSQLite
import Foundation

/// The history the engine keeps, written by hand: the baseline that does the same work as the
/// engine's default, where the plain raw phases do none (their floor).
///
/// The tables are the engine's (one row per transaction, one per run of changes of a model and
/// kind); the changed rows' ids are packed into blobs as the engine packs them (a tag byte and
/// the 16 bytes of each UUID), written out every 256 KiB, so memory stays flat.
extension RawMovieStore {
  /// Creates the engine's history tables in the raw store.
  func createHistoryTables() throws {
    try exec(
      """
      CREATE TABLE IF NOT EXISTS "_history_transactions" (token INTEGER PRIMARY KEY AUTOINCREMENT, \
      timestamp REAL NOT NULL, author TEXT) STRICT;
      CREATE TABLE IF NOT EXISTS "_history_entries" (token INTEGER NOT NULL, model TEXT NOT NULL, \
      kind TEXT NOT NULL, ids BLOB NOT NULL, attributes TEXT, preserved BLOB) STRICT;
      CREATE INDEX IF NOT EXISTS "_history_entries_token" ON "_history_entries" (token);
      """)
  }

  /// Inserts movies in one transaction, recording their ids in the history.
  func insertRecordingHistory(_ movies: [Movie]) throws {
    try exec("BEGIN IMMEDIATE")
    var history = try RawHistoryRun(store: self, kind: "insert")
    let statement = try prepare("INSERT INTO \"movies\" (\(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    for movie in movies {
      try write(movie, with: statement, idParameter: 1)
      try withUnsafeBytes(of: movie.id.uuid) { try history.append($0) }
    }
    try history.finish()
    try exec("COMMIT")
  }

  /// Deletes every movie in one transaction, recording their ids in the history first: read from
  /// the key's index, then one `DELETE` of the whole table.
  func deleteAllRecordingHistory() throws -> Int {
    try exec("BEGIN IMMEDIATE")
    var history = try RawHistoryRun(store: self, kind: "delete")
    let ids = try prepare("SELECT \"id\" FROM \"movies\"")
    defer { sqlite3_reset(ids) }
    try forEachRow(of: ids, on: db) {
      try history.append(UnsafeRawBufferPointer(start: sqlite3_column_blob(ids, 0), count: 16))
    }
    try history.finish()
    try exec("DELETE FROM \"movies\"")
    let count = Int(sqlite3_changes(db))
    try exec("COMMIT")
    return count
  }
}

/// The ids of one transaction's changes of one kind, packed and written out as they accumulate.
private struct RawHistoryRun {
  let store: RawMovieStore
  let kind: String
  let token: Int64
  var packed: [UInt8] = []

  /// Makes the transaction's record.
  init(store: RawMovieStore, kind: String) throws {
    (self.store, self.kind) = (store, kind)
    let statement = try store.prepare(
      "INSERT INTO \"_history_transactions\" (timestamp) VALUES (?1) RETURNING token")
    defer { sqlite3_reset(statement) }
    sqlite3_bind_double(statement, 1, Date().timeIntervalSince1970)
    guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchmarkError(String(cString: sqlite3_errmsg(store.db))) }
    token = sqlite3_column_int64(statement, 0)
    packed.reserveCapacity(256 * 1024 + 17)
  }

  /// Adds a UUID's 16 bytes.
  mutating func append(_ uuid: UnsafeRawBufferPointer) throws {
    packed.append(1)
    packed.append(contentsOf: uuid)
    if packed.count >= 256 * 1024 { try finish() }
  }

  /// Writes out what is packed.
  mutating func finish() throws {
    guard !packed.isEmpty else { return }
    let statement = try store.prepare(
      "INSERT INTO \"_history_entries\" (token, model, kind, ids) VALUES (?1, 'Movie', ?2, ?3)")
    defer { sqlite3_reset(statement) }
    sqlite3_bind_int64(statement, 1, token)
    sqlite3_bind_text(statement, 2, kind, -1, sqliteTransient)
    let code = packed.withUnsafeBytes {
      sqlite3_bind_blob(statement, 3, $0.baseAddress, Int32($0.count), nil) == SQLITE_OK
        ? sqlite3_step(statement) : SQLITE_ERROR
    }
    guard code == SQLITE_DONE else { throw BenchmarkError(String(cString: sqlite3_errmsg(store.db))) }
    packed.removeAll(keepingCapacity: true)
  }
}
