import SQLiteCore

/// Refuses a store whose schema holds what could run code or hide data when it is read or
/// written: triggers, views and virtual tables. The engine creates none of them, so a store
/// that has one is not the engine's, or was tampered with; it is refused before anything is
/// written to it.
enum SchemaGuard {
  /// Checks the schema a connection sees.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the first such object.
  static func check(_ connection: Connection, path: String) throws {
    let statement = try connection.statement(
      "SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view') "
        + "OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%') ORDER BY rowid LIMIT 1")
    defer { statement.reset() }
    guard try statement.step() else { return }
    let type = statement.text(at: 0) == "table" ? "virtual table" : statement.text(at: 0)
    throw PersistenceError.cannotOpen(
      path: path, reason: "its schema holds a \(type) ('\(statement.text(at: 1))'), which a store never has")
  }
}
