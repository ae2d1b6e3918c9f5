import SQLiteCore

/// The keys of rows one delete removes, held in a temporary table of the connection so that a
/// statement can select them all however many there are (SQLite binds at most 32,766 values).
///
/// The temporary table belongs to the connection alone and is emptied after each use; the
/// store file is not touched.
struct DeletedKeys {
  let connection: Connection

  /// The table's name in the connection's `temp` schema.
  static let table = #"temp."_deleted_keys""#

  /// Fills the table with these keys, each once.
  init(_ keys: some Sequence<SQLValue>, on connection: Connection) throws {
    self.connection = connection
    try connection.execute("CREATE TEMP TABLE IF NOT EXISTS \"_deleted_keys\"(key PRIMARY KEY)")
    try connection.execute("DELETE FROM \(Self.table)")
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

  /// Empties the table.
  func clear() throws {
    try connection.execute("DELETE FROM \(Self.table)")
  }
}
