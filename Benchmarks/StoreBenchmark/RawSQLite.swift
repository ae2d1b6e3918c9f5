import CSQLite
import Foundation

/// Opens (or creates) a database for reading and writing, as both raw stores do.
func openDatabase(_ path: String) throws -> OpaquePointer {
  var handle: OpaquePointer?
  guard
    sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
      == SQLITE_OK, let handle
  else { throw BenchmarkError("cannot open \(path)") }
  return handle
}

/// Steps a statement through its rows, handing each to `row`, and throws SQLite's message if a
/// step fails: the loop both raw stores read with.
func forEachRow(of statement: OpaquePointer, on db: OpaquePointer, _ row: () throws -> Void) throws {
  while true {
    let code = sqlite3_step(statement)
    if code == SQLITE_DONE { return }
    guard code == SQLITE_ROW else { throw BenchmarkError(String(cString: sqlite3_errmsg(db))) }
    try row()
  }
}

/// The `UUID` stored as 16 bytes in a column of the current row.
func uuidColumn(_ statement: OpaquePointer, _ column: Int32) -> UUID {
  var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  withUnsafeMutableBytes(of: &uuid) {
    $0.copyMemory(from: UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, column), count: 16))
  }
  return UUID(uuid: uuid)
}

/// The text in a column of the current row; `NULL` reads as empty.
func textColumn(_ statement: OpaquePointer, _ column: Int32) -> String {
  guard let pointer = sqlite3_column_text(statement, column) else { return "" }
  return String(
    decoding: UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
}
