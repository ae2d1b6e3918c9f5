import SQLValues
import SQLiteCore

/// SQLite's connection as the shared mechanisms use it (``SQLSession``).
extension Connection: SQLSession {
  func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
    let statement = try statement(sql)
    defer { statement.reset() }
    try statement.bind(values)
    var rows: [[SQLValue]] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map(statement.value(at:)))
    }
    return rows
  }

  func hasTable(named name: String) throws -> Bool {
    let found = try rows("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)])
    return !found.isEmpty
  }

  /// Never: a store file has one writer at a time, and a `CREATE` waits for the one before.
  func madeElsewhere(_ error: any Error) -> Bool { false }
}
