import SQLValues
import SQLiteCore

/// The keys of rows one delete removes, held in a temporary table of the connection so that a
/// statement can select them all however many there are (SQLite binds at most 32,766 values).
///
/// The temporary table belongs to the connection alone; it is emptied before each use and
/// after it, and the store file is not touched. Its `rowid`s keep the order the keys were
/// given in.
struct DeletedKeys {
  let connection: Connection

  /// The table's name in the connection's `temp` schema.
  static let table = #"temp."_deleted_keys""#

  /// Fills the table with these keys, each once, in their order.
  init(_ keys: some Sequence<SQLValue>, on connection: Connection) throws {
    self.connection = connection
    try connection.statement("CREATE TEMP TABLE IF NOT EXISTS \"_deleted_keys\"(key PRIMARY KEY)").run()
    try clear()
    let insert = try connection.statement("INSERT OR IGNORE INTO \(Self.table)(key) VALUES (?)")
    for key in keys {
      try insert.bind(key, at: 1)
      try insert.run()
    }
  }

  /// A condition selecting the rows of a table whose `column` holds one of the keys.
  func selecting(_ column: String) -> SQLFragment {
    SQLFragment("\(SQLIdentifier.quote(column)) IN (SELECT key FROM \(Self.table))", [])
  }

  /// The first key, in the order given, that no row of `table` holds in `column`.
  func firstAbsent(from table: TableSchema) throws -> SQLValue? {
    let statement = try connection.statement(
      "SELECT key FROM \(Self.table) AS k WHERE NOT EXISTS (SELECT 1 FROM \(table.quotedName) "
        + "WHERE \(SQLIdentifier.quote(table.primaryKey)) = k.key) ORDER BY k.rowid LIMIT 1")
    defer { statement.reset() }
    return try statement.step() ? statement.value(at: 0) : nil
  }

  /// Empties the table.
  func clear() throws {
    try connection.statement("DELETE FROM \(Self.table)").run()
  }
}
