internal import CSQLite
import Foundation

/// A prepared SQL statement, the sole owner of its C handle.
///
/// Parameters are bound by 1-based index; columns are read by 0-based index. See
/// [Prepared statements](https://www.sqlite.org/c3ref/stmt.html).
package final class Statement {
  let handle: OpaquePointer
  package let sql: String
  private let connection: OpaquePointer
  private var finalized = false

  /// Compiles one SQL statement.
  ///
  /// - Throws: ``SQLiteError`` if the SQL does not compile or holds more than one statement.
  init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
    var handle: OpaquePointer?
    var rest = ""
    let code = sql.withCString { text -> Int32 in
      var end: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(
        connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &end)
      if let end { rest = String(cString: end) }
      return code
    }
    guard code == SQLITE_OK, let handle else {
      throw SQLiteError(code: code, connection: connection, sql: sql)
    }
    guard rest.allSatisfy(\.isWhitespace) else {
      sqlite3_finalize(handle)
      throw SQLiteError(
        extendedCode: SQLITE_MISUSE, message: "more than one statement in one call", sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.connection = connection
  }

  deinit { finalize() }

  /// Releases the C statement; safe to call twice.
  package func finalize() {
    guard !finalized else { return }
    finalized = true
    sqlite3_finalize(handle)
  }

  /// Rewinds the statement and forgets its bound values.
  package func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Advances to the next row, returning `false` when there is none.
  ///
  /// - Throws: ``SQLiteError`` if the step fails (a constraint, a busy database, …).
  @inline(__always)
  package func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code:
      let error = SQLiteError(code: code, connection: connection, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Runs the statement to completion, ignoring any rows, then resets it.
  package func run() throws(SQLiteError) {
    defer { reset() }
    while try step() {}
  }

  /// The number of `?` parameters.
  package var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

  /// The number of result columns.
  package var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of a result column.
  package func columnName(_ index: Int32) -> String {
    sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
  }

  /// The error for a failed bind call.
  func bindError(_ code: Int32) -> SQLiteError {
    SQLiteError(code: code, connection: connection, sql: sql)
  }
}
