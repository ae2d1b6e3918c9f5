import SQLValues
import SQLiteCore

/// The mark of a store being filled by a long task — a copy, page by page — that is not done:
/// a one-row table, `_incomplete`, holding the task's note. The task places it before its first
/// write and removes it after its last, so a task that stops midway (killed, or its machine
/// lost) leaves a store every opening refuses, naming the note, rather than one that passes
/// for complete (``SchemaGuard/check(_:path:)``).
enum IncompleteMark {
  /// The table that holds the mark.
  static let table = "_incomplete"

  /// The note of the store's mark, or `nil` when it has none.
  static func note(on connection: Connection) throws -> String? {
    let exists = try connection.statement(
      "SELECT EXISTS (SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = '\(table)')")
    defer { exists.reset() }
    guard try exists.step(), exists.int64(at: 0) == 1 else { return nil }
    let statement = try connection.statement("SELECT note FROM \"\(table)\" LIMIT 1")
    defer { statement.reset() }
    return try statement.step() ? statement.text(at: 0) : ""
  }

  /// Places the mark with a note, inside the caller's write transaction.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the store has one already
  ///   (another task is filling it, or one stopped midway).
  static func place(_ note: String, on connection: Connection, path: String) throws {
    if let other = try self.note(on: connection) { throw incomplete(path: path, note: other) }
    try connection.execute("CREATE TABLE \"\(table)\" (note TEXT NOT NULL)")
    let insert = try connection.statement("INSERT INTO \"\(table)\" (note) VALUES (?)")
    defer { insert.reset() }
    try insert.bind([.text(note)])
    _ = try insert.step()
  }

  /// Removes the mark, inside the caller's write transaction; a store without one is left as
  /// it is.
  static func remove(on connection: Connection) throws {
    try connection.execute("DROP TABLE IF EXISTS \"\(table)\"")
  }

  /// The error an opening of a marked store throws.
  static func incomplete(path: String, note: String) -> PersistenceError {
    .cannotOpen(path: path, reason: "it is incomplete: \(note)")
  }
}
