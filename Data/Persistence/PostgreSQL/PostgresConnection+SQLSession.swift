import PostgresCore
import SQLValues

/// PostgreSQL's connection as the shared mechanisms use it (``SQLSession``): parameters
/// numbered, text in its stored form (``PostgresText``) both ways.
extension PostgresConnection: SQLSession {
  func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
    let result = try run(sql, values)
    return try (0..<result.count).map { row in
      try (0..<result.columnCount).map { (column) throws(PersistenceError) in
        try result.sqlValue(row: row, column: column)
      }
    }
  }

  func hasTable(named name: String) throws -> Bool {
    let found = try rows("SELECT to_regclass(?) IS NOT NULL", [.text(SQLIdentifier.quote(name))])
    return found.first?.first == .integer(1)
  }

  /// A duplicate table (42P07), or its row in the catalog (23505) when two sessions create it
  /// at once: the second `CREATE` waits for the first's commit, then fails.
  func madeElsewhere(_ error: any Error) -> Bool {
    guard let error = error as? PostgresError else { return false }
    return error.code == "42P07" || error.code == "23505"
  }
}
