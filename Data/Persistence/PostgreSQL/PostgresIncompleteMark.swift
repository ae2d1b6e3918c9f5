import PostgresCore

/// The mark of a PostgreSQL store being filled by a long task that is not done, as
/// ``IncompleteMark`` is a store file's: a one-row table, `_incomplete`, holding the task's note,
/// which every opening refuses and an inspection names.
enum PostgresIncompleteMark {
  /// The table that holds the mark.
  static let table = "_incomplete"

  /// The note of the database's mark, or `nil` when it has none.
  static func note(on connection: PostgresConnection) throws -> String? {
    let quoted = SQLIdentifier.quote(table)
    let exists = try connection.query("SELECT to_regclass($1) IS NOT NULL", [.text(quoted)])
    guard exists.bool(row: 0, column: 0) == true else { return nil }
    return try connection.query("SELECT note FROM \(quoted) LIMIT 1").text(row: 0, column: 0) ?? ""
  }

  /// Places the mark with a note, inside the caller's transaction. Two tasks placing it at once
  /// cannot both succeed: the second one's `CREATE TABLE` waits for the first's commit, then
  /// fails.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the database has one already.
  static func place(_ note: String, on connection: PostgresConnection, path: String) throws {
    if let other = try self.note(on: connection) { throw incomplete(path: path, note: other) }
    let quoted = SQLIdentifier.quote(table)
    do {
      try connection.execute("CREATE TABLE \(quoted) (note text NOT NULL)")
    } catch {
      // Another task placed it meanwhile (a duplicate table, or its catalog row).
      guard error.code == "42P07" || error.code == "23505" else { throw error }
      throw incomplete(path: path, note: "another task is filling it")
    }
    _ = try connection.query("INSERT INTO \(quoted) (note) VALUES ($1)", [.text(PostgresText.escaped(note))])
  }

  /// Removes the mark, inside the caller's transaction; a database without one is left as it is.
  static func remove(on connection: PostgresConnection) throws {
    try connection.execute("DROP TABLE IF EXISTS \(SQLIdentifier.quote(table))")
  }

  /// The error an opening of a marked store throws.
  static func incomplete(path: String, note: String) -> PersistenceError {
    .cannotOpen(path: path, reason: "it is incomplete: \(PostgresText.unescaped(note))")
  }
}
